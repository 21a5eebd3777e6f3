// The Codex adapter: Codex's facts, handed to the kit, which does the rest.

import { defineHostAdapter, warmUpAndProbe } from "@goalpost/adapter-kit";
import type { Env } from "@goalpost/core";
import { descriptor } from "./codex-descriptor.js";
import { codexEvents } from "./codex-events.js";
import { goalStoreEngine, goalStorePath } from "./codex-goal-store.js";
import { codexInstall } from "./codex-install.js";
import { CODEX_MCP_CALL_KEYS } from "./codex-mcp.js";
import { codexNativeGoalChange } from "./codex-native-goal.js";
import { codexHome, goalpostStateRoot, sessionsDir } from "./codex-paths.js";
import { codexProfile } from "./codex-profile.js";
import { codexUserPrompts } from "./codex-rollout.js";
import { codexSamples } from "./codex-samples.js";
import { strictDoctorChecks } from "./codex-strict.js";
import { codexTokens } from "./codex-tokens.js";
import { codexToolRecord } from "./codex-tool-record.js";

export const codexAdapter = defineHostAdapter({
  specificationVersion: 2,
  // Its names, as the descriptor the `goalpost` CLI loads says them.
  id: descriptor.id,
  displayName: descriptor.displayName,
  bin: descriptor.bin,
  profile: codexProfile,
  events: codexEvents,
  stateRoot: goalpostStateRoot,
  home: codexHome,
  sessionOf: (payload) => {
    const { session_id, cwd } = payload as { session_id: string; cwd?: string | null };
    return { sessionId: session_id, cwd };
  },
  // Codex sets no session or project variable in hooks or in the agent's shell (docs/hosts/codex.md §2).
  // Its rollouts (receipts are read from them) and its goal store (the user's goal state is read from it).
  hostRecords: (env) => [sessionsDir(env), goalStorePath(env)],
  hostTokens: codexTokens,
  // Its rollout again, as the record of the session's tool calls (codex-tool-record.ts).
  hostToolRecord: codexToolRecord,
  // And as the record of what the user typed: a goal command there is theirs (codex-rollout.ts).
  hostUserPrompts: codexUserPrompts,
  nativeGoalChange: codexNativeGoalChange,
  mcpCallIdKeys: CODEX_MCP_CALL_KEYS,
  install: codexInstall,
  // Warm-up and doctor's probe, from the host's samples.
  ...warmUpAndProbe(codexSamples()),
  // The goal store's reader, and the mode (codex-strict.ts).
  doctorChecks: ({ env, adapter }) => [goalStoreCheck(env), ...strictDoctorChecks(env, adapter)],
});

/** How hooks read Codex's goal store here; without a reader, goals set in the terminal UI are not followed. */
function goalStoreCheck(env: Env) {
  const engine = goalStoreEngine(env);
  const how = {
    "node:sqlite": "read with this Node's node:sqlite",
    sqlite3: "read with the sqlite3 program",
    none: "not read: this Node has no node:sqlite (22.13+) and there is no sqlite3 program on PATH, so a goal you set, pause or clear in Codex's terminal UI is not followed (its create_goal tool still is); install sqlite3 to follow it",
  }[engine];
  return { ok: true, label: "Codex's goal store", detail: `${goalStorePath(env)}: ${how}` };
}
