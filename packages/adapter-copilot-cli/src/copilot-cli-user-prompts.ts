// What the user typed, as Copilot CLI's event log records it: a `user.message` event per prompt
// (`data.content`, the prompt as typed), written after the prompt hook ran (ran, 1.0.102). A goal
// command found there was the user's, not a script's that ran the hook in their name. The log is
// written at the end of a turn (docs/hosts/copilot-cli.md §5), so at a prompt it holds the turns before
// it: that is when a decision taken from an earlier prompt is settled.
import { recordTailLines } from "@goalpost/adapter-kit";
import type { Env } from "@goalpost/core";
import { sessionEventLog } from "./copilot-cli-work-record.js";

/** How much of the log is read for the user's prompts: the commands since their last prompt. */
const USER_PROMPT_BYTES = 512 * 1024;

/** The user's prompts the log's tail records, oldest first; null where there is no log to read. */
export function copilotUserPrompts(payload: unknown, env: Env): readonly string[] | null {
  const path = sessionEventLog(payload, env);
  const tail = path ? recordTailLines(path, USER_PROMPT_BYTES) : null;
  if (!tail) return null;
  const prompts: string[] = [];
  for (const line of tail.lines) {
    if (!line.includes('"user.message"')) continue;
    let event: { type?: unknown; data?: { content?: unknown } };
    try {
      event = JSON.parse(line);
    } catch {
      continue;
    }
    if (event.type === "user.message" && typeof event.data?.content === "string") prompts.push(event.data.content);
  }
  return prompts;
}
