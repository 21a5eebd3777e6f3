import { defineConfig } from "vitest/config";

// `pnpm --filter @goalpost/e2e walk`: a newcomer's walk from a fresh clone, not part of the test suite
// (setup from empty caches takes minutes).
export default defineConfig({ test: { include: ["walk/**/*.walk.ts"], testTimeout: 30 * 60_000, fileParallelism: false } });
