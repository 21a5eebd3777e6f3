// Drift: non-goal tool calls since the last goal update. With N calls already run since the update,
// the next call is: N = 0-2 nothing, 3-4 allowed with a warning, N ≥ 5 denied (under enforcement) with
// a reason that says exactly what to do. The count resets on every goal update and user prompt. A
// warning is given in full once per goal in a conversation (`guided`: since its start or its last
// compaction); after that, one line: the full one is still in the model's context.

import type { EngineConfig } from "../config/engine-config.js";
import type { GoalRecord } from "../record/goal-record.js";
import { driftDenial, driftReminder, driftWarning } from "./policy-text.js";

type DriftVerdict =
  | { readonly kind: "allow" }
  | { readonly kind: "warn"; readonly message: string }
  | { readonly kind: "deny"; readonly reason: string };

export function judgeDrift(goal: GoalRecord, config: EngineConfig, guided = false): DriftVerdict {
  const ranSinceUpdate = goal.drift.sinceUpdate;
  const warning = guided ? driftReminder : driftWarning;
  if (config.enforcement === "off" || ranSinceUpdate < config.driftWarnAt) return { kind: "allow" };
  if (ranSinceUpdate >= config.driftDenyAt) {
    return config.enforcement === "enforce"
      ? { kind: "deny", reason: driftDenial(ranSinceUpdate, goal) }
      : { kind: "warn", message: warning(ranSinceUpdate, config.driftDenyAt) };
  }
  return { kind: "warn", message: warning(ranSinceUpdate, config.driftDenyAt) };
}
