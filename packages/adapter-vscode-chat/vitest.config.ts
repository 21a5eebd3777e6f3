import { defineProject } from "vitest/config";

export default defineProject({ test: { name: "adapter-vscode-chat", include: ["src/**/*.test.ts"] } });
