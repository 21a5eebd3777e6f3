// A process that opens and closes a session's goal over and over (or forever), as concurrent hooks
// and goal tools would: the open-goal marker must exist whenever the session file holds an open goal.
import { closeGoal, createGoal, createGoalStore } from "../../dist/internal.js";

const [root, sessionId, count] = process.argv.slice(2);
const store = createGoalStore({ root, lock: { timeoutMs: 60_000 } });
const identity = { sessionId, host: "test", cwd: "/work/project" };
const total = count === "forever" ? Number.POSITIVE_INFINITY : Number(count);

for (let index = 0; index < total; index++) {
  store.update(identity, (session) => {
    const open = session.goals.find((goal) => goal.closedAt === null);
    if (open) session.goals = session.goals.map((goal) => (goal === open ? closeGoal(goal, { status: "cancelled" }) : goal));
    else session.goals.push(createGoal({ ...identity, objective: `toggle ${index}`, source: "api" }));
    session.goals = session.goals.slice(-4);
  });
}
