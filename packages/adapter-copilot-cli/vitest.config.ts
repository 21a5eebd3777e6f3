import { defineProject } from "vitest/config";

export default defineProject({ test: { name: "adapter-copilot-cli", include: ["src/**/*.test.ts"] } });
