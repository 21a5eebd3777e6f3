// The host's own goal (Codex's thread goal), as the adapter last read it from the host's record:
// which goal, and its state. The engine follows its changes (see handlers/native-goal-changed.ts)
// and remembers what it saw in the session file, so each change is acted on once.
import * as z from "zod/mini";
import { described } from "../base/described.js";

const describe = z.describe;

const HOST_GOAL_STATUSES = ["active", "paused", "blocked", "complete", "usage-limited", "budget-limited"] as const;
export type HostGoalStatus = (typeof HOST_GOAL_STATUSES)[number];

export const hostGoalSchema = described(
  z.object({
    id: described(z.string(), "The host's id for its goal."),
    objective: described(z.string(), "The objective as the host holds it."),
    status: z
      .enum(HOST_GOAL_STATUSES)
      .check(
        describe(
          "active; paused (by the user, since the model may not pause it while goalpost's goal is open); blocked and complete (by the model); usage-limited: the account's usage limit stopped the work; budget-limited: the goal's token budget ran out.",
        ),
      ),
  }),
  "The host's own goal as its record says.",
);
export type HostGoal = z.infer<typeof hostGoalSchema>;

export const seenHostGoalSchema = described(
  z.object({
    signature: described(z.string(), "The adapter's fingerprint of the host's record when it was read (file sizes and times)."),
    goal: described(z.nullable(hostGoalSchema), "The host's goal then; null when it had none."),
  }),
  "The host's own goal as last read from the host's record, so each change is acted on once.",
);

/** The host's goal states in which its work has stopped for a limit: pushing the agent on would be futile (usage) or past the user's budget. */
export const isHostLimited = (goal: HostGoal | null | undefined) =>
  goal?.status === "usage-limited" || goal?.status === "budget-limited";
