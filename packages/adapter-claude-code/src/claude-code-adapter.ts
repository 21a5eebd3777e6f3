// The Claude Code adapter: Claude Code's facts, handed to the kit, which does the rest.

import { defineHostAdapter, warmUpAndProbe } from "@goalpost/adapter-kit";
import { descriptor } from "./claude-code-descriptor.js";
import { claudeCodeEvents } from "./claude-code-events.js";
import { claudeCodeInstall } from "./claude-code-install.js";
import { CLAUDE_CODE_MCP_CALL_KEYS } from "./claude-code-mcp.js";
import { claudeCodeNativeGoalChange } from "./claude-code-native-goal.js";
import { claudeConfigDir, goalpostStateRoot } from "./claude-code-paths.js";
import { claudeCodeProfile } from "./claude-code-profile.js";
import { claudeCodeSamples } from "./claude-code-samples.js";
import { claudeCodeStatusLine } from "./claude-code-status-line.js";
import { strictDoctorChecks } from "./claude-code-strict.js";
import { claudeCodeTokens } from "./claude-code-tokens.js";
import { claudeCodeToolRecord, claudeCodeUserPrompts } from "./claude-code-transcript.js";
import { wallsDoctorChecks } from "./claude-code-walls.js";

export const claudeCodeAdapter = defineHostAdapter({
  specificationVersion: 2,
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
  hostUserPrompts: claudeCodeUserPrompts,
  hostTokens: claudeCodeTokens,
  statusLine: claudeCodeStatusLine,
  mcpCallIdKeys: CLAUDE_CODE_MCP_CALL_KEYS,
  install: claudeCodeInstall,
  // Which of Claude Code's permission rules around goalpost's files stand (claude-code-walls.ts), and the mode (claude-code-strict.ts).
  doctorChecks: (context) => [...wallsDoctorChecks(context), ...strictDoctorChecks(context)],
  // Warm-up and doctor's probe, from the host's samples.
  ...warmUpAndProbe(claudeCodeSamples()),
});
