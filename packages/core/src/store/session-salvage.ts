// A session file that could not be read is set aside (read-json-file.ts); its open goals must not go
// with it, or a damaged file would silently end the goal's enforcement. What can be read is kept: the
// goals of the set-aside copy that still fit the schema, else the open goal the continuation index or
// the open marker knows of (see known-open-goal.ts), rebuilt with its id and objective — its checks
// and history are lost, and the user is told so.
import { readFileSync } from "node:fs";
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import { isOpen } from "../record/goal-phase.js";
import { type GoalRecord, goalRecordSchema } from "../record/goal-record.js";
import { knownOpenGoal } from "./known-open-goal.js";
import { emptySessionFile, type SessionFile } from "./session-file.js";

/** Said in the objective of a goal only the open marker knew of. */
const LOST_OBJECTIVE =
  "(goalpost's record of this goal was damaged and its text is lost: ask the user what it was, or they can type goal: clear)";

/** The session rebuilt from what can be read after its file at `aside` was set aside; null when no goal was open. */
export function salvageSession(
  root: string,
  sessionId: string,
  aside: string | null,
  now: Date,
): { session: SessionFile; lost: boolean } | null {
  let data: Partial<Record<keyof SessionFile, unknown>> = {};
  try {
    if (aside) data = JSON.parse(readFileSync(aside, "utf8")) ?? {};
  } catch {}
  const goals = (Array.isArray(data.goals) ? data.goals : []).flatMap((goal) => {
    const parsed = goalRecordSchema.safeParse(goal);
    return parsed.success ? [parsed.data] : [];
  });
  const text = (value: unknown, fallback: string) => (typeof value === "string" && value !== "" ? value : fallback);
  const known = goals.some(isOpen) ? null : knownOpenGoal(root, sessionId);
  if (!goals.some(isOpen) && !known) return null;
  const host = text(data.host, "unknown");
  const cwd = text(data.cwd, process.cwd());
  const session = emptySessionFile(sessionId, host, cwd, now);
  session.goals = goals;
  if (known) {
    const rebuilt: GoalRecord = createGoal(
      {
        sessionId,
        cwd,
        host,
        objective: known.objective || LOST_OBJECTIVE,
        source: "continuation",
        ...(known.id === "unknown" ? {} : { id: known.id }),
      },
      now,
    );
    session.goals.push(rebuilt);
  }
  const active = session.goals.filter(isOpen);
  session.activeGoalId =
    typeof data.activeGoalId === "string" && active.some((goal) => goal.id === data.activeGoalId)
      ? data.activeGoalId
      : (active[active.length - 1]?.id ?? null);
  return { session, lost: known !== null };
}
