// Claude Code's session transcript (`transcript_path` in every hook payload), read from its end: what
// goalpost learns there that no hook says — the user's own `/goal clear` (claude-code-native-goal.ts),
// what the user typed (a goal command there is theirs, not a script's), and the tool calls Claude Code
// really made (the agent's receipts are checked against them; with no
// goal open, the files they named are the session's working context after a compaction).
import { promptsInRecord, transcriptPath, transcriptTail } from "@goalpost/adapter-kit";
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

/** The user's prompts the transcript's tail records, oldest first (the kit's promptsInRecord). */
export function claudeCodeUserPrompts(payload: unknown): readonly string[] | null {
  return promptsInRecord(transcriptPath(payload), '"user"', typedPrompt);
}

/**
 * A transcript entry as the prompt the user typed: a `user` entry whose content is the text (a string,
 * or text blocks beside an image), not a tool's result and not Claude Code's own meta lines.
 */
function typedPrompt(line: unknown): string | null {
  const entry = line as { type?: unknown; isMeta?: unknown; message?: { role?: unknown; content?: unknown } };
  if (entry.type !== "user" || entry.isMeta === true || entry.message?.role !== "user") return null;
  const content = entry.message.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content) || content.some((block: Block) => block.type === "tool_result")) return null;
  const text = content.flatMap((block: Block & { text?: unknown }) =>
    block.type === "text" && typeof block.text === "string" ? [block.text] : [],
  );
  return text.length > 0 ? text.join("\n") : null;
}
