// A writer process for the store's concurrency and crash tests: makes N updates to one session,
// each appending a tool call and bumping counters. Uses the built package, as hooks do.
import { createGoalStore, createGoal, pushToolCall } from "../../dist/internal.js";

const [root, sessionId, writerId, count] = process.argv.slice(2);
const store = createGoalStore({ root, lock: { timeoutMs: 60_000 } });
const identity = { sessionId, host: "test", cwd: "/work/project" };
const total = count === "forever" ? Number.POSITIVE_INFINITY : Number(count);

for (let index = 0; index < total; index++) {
  store.update(identity, (session) => {
    if (session.goals.length === 0) {
      session.goals.push(createGoal({ ...identity, objective: "concurrency", source: "api", id: "goal_shared" }));
      session.activeGoalId = "goal_shared";
    }
    session.counters.toolCalls += 1;
    const goal = session.goals[0];
    const perWriter = goal.doneSoFar.find((item) => item.startsWith(`writer ${writerId}:`));
    const mine = perWriter ? Number(perWriter.split(":")[1]) : 0;
    const updated = pushToolCall(goal, { at: new Date().toISOString(), tool: "Bash", kind: "other", summary: `writer ${writerId} call ${index}` });
    session.goals[0] = {
      ...updated,
      doneSoFar: [...goal.doneSoFar.filter((item) => item !== perWriter), `writer ${writerId}: ${mine + 1}`],
    };
  });
}
