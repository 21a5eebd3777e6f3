// `goalpost status` and `goalpost show <id>`: what goalpost holds, for the human. Reads the store only.
import {
  archivedSessions,
  createGoalStore,
  evaluateCompletionGate,
  type GoalRecord,
  isOpen,
  renderGoalContext,
  type SessionFile,
} from "@goalpost/core";

function sessions(root: string): SessionFile[] {
  return createGoalStore({ root, warn: (message) => process.stderr.write(`${message}\n`) }).sessions();
}

/** Live sessions, then archived ones: `show` finds a goal wherever retention put it. */
function allSessions(root: string): SessionFile[] {
  const store = createGoalStore({ root, warn: (message) => process.stderr.write(`${message}\n`) });
  return [...store.sessions(), ...archivedSessions(store)];
}

/** The open goals of a state root as data, for scripts (`goalpost status --json`). */
export function statusData(root: string) {
  return sessions(root).flatMap((session) =>
    session.goals
      .filter((goal) => isOpen(goal) && goal.level !== "task")
      .map((goal) => {
        const gate = evaluateCompletionGate(goal);
        return {
          root,
          host: session.host,
          sessionId: session.sessionId,
          cwd: session.cwd,
          goalId: goal.id,
          objective: goal.objective,
          status: goal.status,
          remaining: goal.remaining.length,
          blockers: goal.blockers.length,
          drift: goal.drift.sinceUpdate,
          updatedAt: goal.updatedAt,
          gate: gate.ok ? "satisfied" : "open",
          unmet: gate.unmet.map((condition) => condition.code),
        };
      }),
  );
}

export function statusText(root: string): string {
  const all = sessions(root);
  const lines = [`goalpost state: ${root}`];
  const open = all.flatMap((session) =>
    session.goals.filter((goal) => isOpen(goal) && goal.level !== "task").map((goal) => ({ session, goal })),
  );
  if (open.length === 0) lines.push("No open goals.");
  for (const { session, goal } of open) {
    const gate = evaluateCompletionGate(goal);
    const unrestored = session.compactions.filter((entry) => entry.restoredAt === null).length;
    lines.push(
      "",
      `${goal.id}  ${goal.status}  (session ${session.sessionId}, ${session.host})`,
      `  objective: ${goal.objective.split("\n")[0]}`,
      `  updated ${goal.updatedAt}, revision ${goal.revision}; remaining ${goal.remaining.length}, blockers ${goal.blockers.length}; drift ${goal.drift.sinceUpdate}; stalls ${session.counters.stalls}`,
      `  completion gate: ${gate.ok ? "satisfied" : `${gate.unmet.length} condition(s) open`}`,
      ...(unrestored > 0 ? [`  ! ${unrestored} compaction(s) not yet followed by a restore`] : []),
    );
  }
  const closed = all.flatMap((session) => session.goals.filter((goal) => !isOpen(goal) && goal.level !== "task")).length;
  if (closed > 0) lines.push("", `${closed} closed goal(s); \`goalpost show <id>\` for any goal.`);
  return lines.join("\n");
}

export function showText(root: string, id: string): string | null {
  for (const session of allSessions(root)) {
    const goal: GoalRecord | undefined =
      session.goals.find((candidate) => candidate.id === id) ?? (session.sessionId === id ? session.goals.at(-1) : undefined);
    if (!goal) continue;
    const gate = evaluateCompletionGate(goal);
    const gateText = gate.ok
      ? "Completion gate: satisfied."
      : `Completion gate (${gate.unmet.length} open):\n${gate.unmet.map((condition) => `- ${condition.message}`).join("\n")}`;
    const history = goal.history
      .slice(-10)
      .map((event) => `  ${event.at} ${event.type}: ${event.note}`)
      .join("\n");
    return `${renderGoalContext(goal, { form: "full", budget: 8000 })}\n\n${gateText}\n\nRecent history:\n${history}`;
  }
  return null;
}
