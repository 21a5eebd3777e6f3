// Claude Code's session transcript (`transcript_path` in every hook payload), read from its end: what
// goalpost learns there that no hook says — the user's own `/goal clear` (claude-code-native-goal.ts)
// and the tool calls Claude Code really made (the agent's receipts are checked against them; with no
// goal open, the files they named are the session's working context after a compaction).
import { transcriptTail } from "@goalpost/adapter-kit";
import type { HostToolCall, HostToolRecord } from "@goalpost/core/internal";

/** How much of the transcript a stop reads for tool calls: the turn that just ended, and more. */
const TOOL_RECORD_BYTES = 1024 * 1024;

interface Block {
  readonly type?: string;
  readonly id?: string;
  readonly tool_use_id?: string;
  readonly input?: unknown;
}

/**
 * The tool calls the transcript's tail records (assistant `tool_use` blocks, and the user `tool_result`
 * that answered each), and from when it covers them: the whole file, or its first whole line's time.
 */
export function claudeCodeToolRecord(payload: unknown): HostToolRecord | null {
  const tail = transcriptTail(payload, TOOL_RECORD_BYTES);
  if (!tail) return null;
  const { lines, whole } = tail;
  const calls = new Map<string, { command?: string; hasResult: boolean; input?: unknown }>();
  let since: string | null = whole ? "" : null;
  for (const line of lines) {
    if (!line.includes('"tool_')) {
      if (since === null && line.includes('"timestamp"')) since = readTimestamp(line);
      continue;
    }
    let entry: { timestamp?: unknown; message?: { content?: unknown } };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (since === null && typeof entry.timestamp === "string") since = entry.timestamp;
    const content = entry.message?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content as Block[]) {
      if (block.type === "tool_use" && typeof block.id === "string") {
        const command = (block.input as { command?: unknown } | undefined)?.command;
        calls.set(block.id, {
          ...(typeof command === "string" ? { command } : {}),
          hasResult: calls.get(block.id)?.hasResult ?? false,
          input: block.input,
        });
      } else if (block.type === "tool_result" && typeof block.tool_use_id === "string") {
        const known = calls.get(block.tool_use_id);
        if (known) calls.set(block.tool_use_id, { ...known, hasResult: true });
      }
    }
  }
  return { calls: calls as ReadonlyMap<string, HostToolCall>, since };
}

function readTimestamp(line: string): string | null {
  try {
    const { timestamp } = JSON.parse(line) as { timestamp?: unknown };
    return typeof timestamp === "string" ? timestamp : null;
  } catch {
    return null;
  }
}
