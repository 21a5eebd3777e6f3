import { defineProject } from "vitest/config";

export default defineProject({ test: { name: "adapter-kit", include: ["src/**/*.test.ts"] } });
