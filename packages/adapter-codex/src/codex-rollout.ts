// Codex's own record of a session, its rollout (`transcript_path`, JSON lines), read for what a hook
// payload leaves out. A shell tool's PostToolUse carries only the output text, never the exit status
// (docs/hosts/codex.md §3); the rollout already holds Codex's `item_completed` for the call, with the exit
// code the host saw, when the hook runs. That is what a receipt is judged by — never the output's
// words alone. Only a record written after the call itself counts (a line the agent wrote earlier,
// guessing the id, does not), and the agent may not write into the rollouts at all (hostRecords).
import { promptsInRecord, recordLinesFromEnd, transcriptPath } from "@goalpost/adapter-kit";

/** How far back from the end goalpost looks: a call's result is written moments before its hook. */
const SCAN_LIMIT = 16 * 1024 * 1024;

interface RolloutLine {
  readonly type?: string;
  readonly payload?: {
    readonly type?: string;
    readonly call_id?: string;
    readonly item?: { readonly type?: string; readonly id?: string; readonly exit_code?: unknown };
  };
}

function parse(line: string): RolloutLine | null {
  try {
    return JSON.parse(Buffer.from(line, "latin1").toString("utf8")) as RolloutLine;
  } catch {
    return null;
  }
}

/**
 * The exit code Codex recorded for a shell call, or null when the rollout does not say (no rollout,
 * an ephemeral session, a command still running in the background, or a record older than the call).
 */
export function commandExitCode(transcriptPath: string | null | undefined, callId: string | null | undefined): number | null {
  if (!transcriptPath || !callId) return null;
  const id = JSON.stringify(callId);
  let exitCode: number | null | undefined;
  try {
    for (const line of recordLinesFromEnd(transcriptPath, SCAN_LIMIT)) {
      if (!line.includes(id)) continue;
      const record = parse(line);
      const payload = record?.payload;
      if (exitCode === undefined && payload?.type === "item_completed" && payload.item?.type === "CommandExecution") {
        if (payload.item.id !== callId) continue;
        exitCode = Number.isInteger(payload.item.exit_code) ? (payload.item.exit_code as number) : null;
        continue;
      }
      // The call itself: a result counts only if it was recorded after it.
      if (record?.type === "response_item" && payload?.type === "function_call" && payload.call_id === callId)
        return exitCode ?? null;
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * The user's prompts the rollout's tail records, oldest first: Codex writes each as an `item_completed`
 * whose item is a `UserMessage` (its text parts), after the prompt hook ran (ran, 0.169.0). The agent's
 * commands cannot write the rollouts in Codex's sandbox (docs/hosts/codex.md §2), so a goal command
 * found here was typed by the user; null where there is no rollout to read.
 */
export function codexUserPrompts(payload: unknown): readonly string[] | null {
  return promptsInRecord(transcriptPath(payload), '"UserMessage"', (line) => {
    const { payload: event } = line as { payload?: { type?: unknown; item?: { type?: unknown; content?: unknown } } };
    const item = event?.type === "item_completed" ? event.item : undefined;
    if (item?.type !== "UserMessage" || !Array.isArray(item.content)) return null;
    const text = item.content.flatMap((part: { type?: unknown; text?: unknown }) =>
      part.type === "text" && typeof part.text === "string" ? [part.text] : [],
    );
    return text.length > 0 ? text.join("\n") : null;
  });
}
