import { defineProject } from "vitest/config";

export default defineProject({ test: { name: "verifier", include: ["src/**/*.test.ts"] } });
