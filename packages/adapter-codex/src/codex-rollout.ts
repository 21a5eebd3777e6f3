// Codex's own record of a session, its rollout (`transcript_path`, JSON lines), read for what a hook
// payload leaves out. A shell tool's PostToolUse carries only the output text, never the exit status
// (docs/hosts/codex.md §3); the rollout already holds Codex's `item_completed` for the call, with the exit
// code the host saw, when the hook runs. That is what a receipt is judged by — never the output's
// words alone. Only a record written after the call itself counts (a line the agent wrote earlier,
// guessing the id, does not), and the agent may not write into the rollouts at all (hostRecords).
import { closeSync, openSync, readSync, statSync } from "node:fs";

/** How far back from the end goalpost looks: a call's result is written moments before its hook. */
const SCAN_LIMIT = 16 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** The file's lines from the last one backwards, within the scan limit. */
function* linesFromEnd(path: string): Generator<string> {
  const fd = openSync(path, "r");
  try {
    let position = statSync(path).size;
    const floor = Math.max(0, position - SCAN_LIMIT);
    let carry = "";
    while (position > floor) {
      const size = Math.min(CHUNK, position - floor);
      position -= size;
      const buffer = Buffer.alloc(size);
      readSync(fd, buffer, 0, size, position);
      // Split on raw newlines: a multi-byte character never contains the byte 0x0a.
      const lines = (buffer.toString("latin1") + carry).split("\n");
      carry = position > floor ? (lines.shift() ?? "") : "";
      for (let index = lines.length - 1; index >= 0; index -= 1) if (lines[index]) yield lines[index]!;
    }
  } finally {
    closeSync(fd);
  }
}

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
    for (const line of linesFromEnd(transcriptPath)) {
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
