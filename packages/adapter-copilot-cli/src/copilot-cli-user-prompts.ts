// What the user typed, as Copilot CLI's event log records it: a `user.message` event per prompt
// (`data.content`, the prompt as typed), written after the prompt hook ran (ran, 1.0.102). A goal
// command found there was the user's, not a script's that ran the hook in their name. The log is
// written at the end of a turn (docs/hosts/copilot-cli.md §5), so at a prompt it holds the turns before
// it: that is when a decision taken from an earlier prompt is settled.
import { promptsInRecord } from "@goalpost/adapter-kit";
import type { Env } from "@goalpost/core";
import { sessionEventLog } from "./copilot-cli-work-record.js";

/** The user's prompts the log's tail records, oldest first; null where there is no log to read. */
export function copilotUserPrompts(payload: unknown, env: Env): readonly string[] | null {
  return promptsInRecord(sessionEventLog(payload, env), '"user.message"', (line) => {
    const event = line as { type?: unknown; data?: { content?: unknown } };
    return event.type === "user.message" && typeof event.data?.content === "string" ? event.data.content : null;
  });
}
