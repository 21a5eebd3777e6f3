// A real engine over a real temporary store, with a clock that moves one second per reading.

import { DEFAULT_ENGINE_CONFIG, type EngineConfig } from "../config/engine-config.js";
import { defineHostProfile } from "../host/host-profile.js";
import { createGoalStore } from "../store/goal-store.js";
import { temporaryRoot } from "../store/test-root.js";
import { createGoalTools } from "../tools/goal-tools.js";
import type { EngineEventInput } from "./engine-event.js";
import { createGoalEngine, type GoalEngineOptions } from "./goal-engine.js";

export const SESSION = { sessionId: "session-1", host: "test", cwd: "/work/project" } as const;

/** The tool names the engine tests use, as a host's adapter would list them. */
export const TEST_PROFILE = defineHostProfile({
  host: "test",
  tools: {
    shell: ["Bash"],
    read: ["Read", "Grep"],
    edit: ["Write", "Edit"],
    test: ["runTests"],
    task: ["TodoWrite", "update_plan", "manage_todo_list", "TaskCreate", "TaskUpdate"],
  },
  mcpToolName: "^mcp__[^_]+__(.+)$",
});

export function testEngine(config: Partial<EngineConfig> = {}, options: Partial<GoalEngineOptions> = {}) {
  let tick = Date.parse("2026-11-22T10:00:00.000Z");
  const now = () => {
    tick += 1000;
    return new Date(tick);
  };
  const store = createGoalStore({ root: temporaryRoot(), now });
  const engine = createGoalEngine({ store, config: { ...DEFAULT_ENGINE_CONFIG, ...config }, profile: TEST_PROFILE, ...options });
  const tools = createGoalTools(store);
  const send = (event: Record<string, unknown> & { type: string }) => engine.handle({ ...SESSION, ...event } as EngineEventInput);
  return { store, engine, tools, send };
}
