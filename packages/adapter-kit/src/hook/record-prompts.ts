// What the user typed, as a host's own record keeps it (Claude Code's transcript, Codex's rollout,
// Copilot CLI's event log): one reader for every adapter, so that each gives only its record's facts —
// where the record is, a word every prompt's line holds, and how a parsed line says the prompt.
import { recordTailLines } from "./record-tail.js";

/** How much of a record is read for the user's prompts: the commands since their last prompt, and more. */
const USER_PROMPT_BYTES = 512 * 1024;

/**
 * The user's prompts the record's tail holds, oldest first: each line that contains `mark`, parsed, and
 * read by `prompt` (null: not a prompt the user typed). Null where there is no record to read.
 */
export function promptsInRecord(
  path: string | null,
  mark: string,
  prompt: (entry: unknown) => string | null,
): readonly string[] | null {
  const tail = path ? recordTailLines(path, USER_PROMPT_BYTES) : null;
  if (!tail) return null;
  const prompts: string[] = [];
  for (const line of tail.lines) {
    if (!line.includes(mark)) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const text = prompt(entry);
    if (text !== null) prompts.push(text);
  }
  return prompts;
}
