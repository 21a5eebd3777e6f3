// `StatusLine`: not a host hook but the kit's own event. The host runs goalpost's status line command
// with its status JSON on stdin (Claude Code's statusLine, Copilot CLI's custom footer); the answer
// is goalpost's segment for the session the JSON names (core's statusSegment), as plain text. It
// goes the hooks' way (the shell's no-goal gate, the hook server, the loader), so it costs what a
// fast hook costs. Read only (but for sweeping markers of closes older than it shows, and for recording
// once that goalpost's hooks stopped running while a goal is open): no ledger; anything amiss answers nothing.
import { createGoalStore, type Env, statusSegment } from "@goalpost/core";
import {
  activeGoal,
  CLOSED_SHOWN_MS,
  closedLately,
  goalText,
  isMarkedOpen,
  killSwitchEngaged,
  recordBreaches,
} from "@goalpost/core/internal";
import * as z from "zod/mini";
import type { HostAdapter, StatusLineSpec } from "../contract/host-adapter.js";
import type { HookResult } from "./hook-io.js";
import { switchedOffSince } from "./integrity.js";
import { installScopeTargets } from "./protected-files.js";

/** A status line whose JSON names its session in one string field (the host's fact: its name). */
export function statusLineSession(field: string): StatusLineSpec {
  const input = z.looseObject({ [field]: z.string() });
  return { sessionOf: (payload) => (input.safeParse(payload).data?.[field] as string | undefined) ?? null };
}

const nothing: HookResult = { stdout: "", stderr: "" };

/**
 * The state root holding the session's goal: the one `env` names, or — where GOALPOST_HOME sends the
 * hooks elsewhere (a settings file's `env` can set it for every hook and this line) and the session's
 * goal is open in the root without it — that one, so the line says goalpost is off rather than nothing.
 */
function rootOf(adapter: HostAdapter, env: Env, sessionId: string): string {
  const root = adapter.stateRoot(env);
  if (!env["GOALPOST_HOME"]) return root;
  const home = adapter.stateRoot({ ...env, GOALPOST_HOME: "" });
  return home !== root && !isMarkedOpen(root, sessionId) && isMarkedOpen(home, sessionId) ? home : root;
}

export function statusLineAnswer(adapter: HostAdapter, readInput: () => string, env: Env, bundleFile?: string): HookResult {
  const spec = adapter.statusLine;
  if (!spec) return nothing;
  try {
    const sessionId = spec.sessionOf(JSON.parse(readInput()));
    if (!sessionId) return nothing;
    const root = rootOf(adapter, env, sessionId);
    const open = isMarkedOpen(root, sessionId);
    // A goal open, or one that closed lately (its close shown for a while): else nothing to read.
    if (!open && !closedLately(root, sessionId, CLOSED_SHOWN_MS)) return nothing;
    const session = createGoalStore({ root, readOnly: true, warn: () => {} }).peek(sessionId);
    const switchedOff = killSwitchEngaged(root, env);
    // The status line runs where the hooks may not any more: with a goal open, it says goalpost is off.
    const goal = open && session ? activeGoal(session) : null;
    if (session && goal) {
      const off = switchedOff
        ? "switched off (goalpost disable, or GOALPOST_DISABLED)"
        : switchedOffSince({ adapter, root, targets: installScopeTargets(adapter, session.cwd, env), bundleFile });
      if (off) {
        // Kept to be told when goalpost's hooks run again (the next prompt or session start) and in
        // `goalpost status`, once however often the line is drawn (an untold breach is not recorded twice).
        if (!switchedOff)
          recordBreaches(root, [
            `goalpost's hooks stopped running while goal ${goal.id} was open: ${off}. Until they ran again nothing held the agent to "${goalText(goal.objective, 80)}"; what it did then was not checked.`,
          ]);
        return { stdout: `goalpost ⊘ off: ${off} · "${goalText(goal.objective, 60)}" is not enforced\n`, stderr: "" };
      }
    }
    if (switchedOff) return nothing;
    const segment = session ? statusSegment(session) : "";
    return segment ? { stdout: `${segment}\n`, stderr: "" } : nothing;
  } catch (error) {
    return { stdout: "", stderr: `goalpost: no status line segment (${(error as Error).message}).\n` };
  }
}
