import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "apps/*/vitest.config.ts", "e2e/vitest.config.ts"],
    reporters: ["default", "./scripts/plain-summary-reporter.ts"],
  },
});
