// In goalpost's strict mode the host's sandbox keeps the agent's commands out of goalpost's files, so a
// shell goal tool (`<bin> open '<json>'`) run as a command can only fail: the hook, outside the sandbox,
// runs it instead (core's goalToolInHook) and answers with its text. Strict mode is on where install
// recorded the user's own sandbox values (installing/strict-mode.ts); the record is read only for a call
// that names goalpost.
import { join } from "node:path";
import type { EngineDecision, EngineEventInput, Env, GoalStore } from "@goalpost/core";
import { goalToolInHook } from "@goalpost/core/internal";
import type { HostAdapter } from "../contract/host-adapter.js";
import { readJsonObject } from "../installing/json-object-file.js";
import { STRICT_RECORD } from "../installing/strict-mode.js";
import { detachedVerification } from "./verification-process.js";

export function goalToolInSandbox(
  event: EngineEventInput,
  context: { readonly adapter: HostAdapter; readonly env: Env; readonly store: GoalStore; readonly root: string },
): EngineDecision | null {
  if (event.type !== "tool-about-to-run" || !JSON.stringify(event.toolInput ?? "").includes("goalpost")) return null;
  if (Object.keys(readJsonObject(join(context.root, STRICT_RECORD))).length === 0) return null;
  return goalToolInHook(event, {
    store: context.store,
    profile: context.adapter.profile,
    startVerification: detachedVerification(context.adapter, context.env),
    sandbox: `${context.adapter.displayName}'s sandbox`,
  });
}
