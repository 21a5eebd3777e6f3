// The Claude Code adapter: Claude Code's facts, handed to the kit, which does the rest.

import { defineHostAdapter, type SamplePayload } from "@goalpost/adapter-kit";
import { descriptor } from "./claude-code-descriptor.js";
import { claudeCodeEvents } from "./claude-code-events.js";
import { claudeCodeInstall } from "./claude-code-install.js";
import { claudeCodeNativeGoalChange } from "./claude-code-native-goal.js";
import { claudeConfigDir, goalpostStateRoot } from "./claude-code-paths.js";
import { claudeCodeProfile } from "./claude-code-profile.js";
import { claudeCodeToolRecord } from "./claude-code-transcript.js";

const sample = (event: string, fields: Record<string, unknown>): SamplePayload => ({
  event,
  payload: {
    session_id: "goalpost-sample",
    cwd: "/goalpost-sample",
    transcript_path: "/dev/null",
    hook_event_name: event,
    ...fields,
  },
});

const bash = { tool_name: "Bash", tool_input: { command: "npm test" }, tool_use_id: "sample" };

export const claudeCodeAdapter = defineHostAdapter({
  // Its names, as the descriptor the `goalpost` CLI loads says them.
  id: descriptor.id,
  displayName: descriptor.displayName,
  bin: descriptor.bin,
  profile: claudeCodeProfile,
  events: claudeCodeEvents,
  stateRoot: goalpostStateRoot,
  home: claudeConfigDir,
  sessionOf: (payload) => {
    const { session_id, cwd } = payload as { session_id: string; cwd?: string | null };
    return { sessionId: session_id, cwd };
  },
  projectDirVariable: "CLAUDE_PROJECT_DIR",
  sessionVariable: "CLAUDE_CODE_SESSION_ID",
  nativeGoalChange: claudeCodeNativeGoalChange,
  hostToolRecord: claudeCodeToolRecord,
  mcpSessionResolver: async (store) => (await import("./claude-code-mcp.js")).claudeCodeSessionResolver(store),
  install: claudeCodeInstall,
  warmUp: [
    sample("SessionStart", { source: "startup" }),
    sample("UserPromptSubmit", { prompt: "/goal warm up the hook paths" }),
    sample("PreToolUse", bash),
    sample("PostToolUse", { ...bash, tool_response: { stdout: "ok", stderr: "", interrupted: false } }),
    sample("Stop", { stop_hook_active: false }),
  ],
  probe: sample("SessionEnd", { reason: "other" }),
});
