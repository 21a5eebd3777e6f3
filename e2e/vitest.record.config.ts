import { defineConfig } from "vitest/config";

// `pnpm --filter @goalpost/e2e record`: runs the recorder, which is not part of the test suite.
export default defineConfig({ test: { include: ["record/**/*.record.ts"], testTimeout: 600_000, fileParallelism: false } });
