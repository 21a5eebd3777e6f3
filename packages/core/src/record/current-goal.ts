// The one rule for a session's current goal, used by the engine (session-goals.ts' activeGoal), the
// status line (status-segment.ts) and the fail-safe stop (known-open-goal.ts, which reads goals as
// loose JSON from damaged files). Goals form a stack — the user's objective (epic), sub-goals under it
// (issue), the host's todo item in progress (task) — and the current goal is never a task, nor a goal
// the user set aside for a new one (kept paused until they resume it by name):
//   the goal the session points at (a task climbs to the goal it belongs to), else
//   the newest open goal with no open goal under it.
interface GoalLink {
  readonly id?: unknown;
  readonly parentId?: unknown;
  readonly level?: unknown;
  readonly setAsideFor?: unknown;
}

/** `open`: the session's open goals, oldest first; `activeId`: the goal the session points at. */
export function currentGoal<G extends GoalLink>(all: readonly G[], activeId: unknown): G | null {
  const open = all.filter((goal) => !goal.setAsideFor);
  const byId = new Map(open.map((goal) => [goal.id, goal]));
  let pointed = activeId === null || activeId === undefined ? undefined : byId.get(activeId);
  for (let hops = 0; pointed?.level === "task" && hops < open.length; hops++) pointed = byId.get(pointed.parentId);
  if (pointed && pointed.level !== "task") return pointed;
  const goals = open.filter((goal) => goal.level !== "task");
  return [...goals].reverse().find((goal) => !goals.some((child) => child.parentId === goal.id)) ?? null;
}
