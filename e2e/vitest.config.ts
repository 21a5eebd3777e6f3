import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    include: ["src/**/*.test.ts"],
    // Real hosts and real processes: generous per-test time, one file at a time to spare 2 cores.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
