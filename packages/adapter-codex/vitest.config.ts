import { defineProject } from "vitest/config";

export default defineProject({ test: { name: "adapter-codex", include: ["src/**/*.test.ts"] } });
