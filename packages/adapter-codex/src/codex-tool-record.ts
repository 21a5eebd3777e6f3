// Codex's rollout (`transcript_path`) as its record of the session's tool calls, read from its end: a
// `response_item` of type `function_call` (`name`, `arguments` as a JSON string, `call_id`) or
// `custom_tool_call` (a freeform tool such as apply_patch: `name`, `input` as text), answered by a
// `function_call_output` or `custom_tool_call_output` with the same `call_id` (docs/hosts/codex.md §3).
// The agent's receipts are checked against it at a stop; with no goal open, the files its calls named
// are the session's working context after a compaction.
import { transcriptTail } from "@goalpost/adapter-kit";
import type { HostToolCall, HostToolRecord } from "@goalpost/core/internal";

/** How much of the rollout a read covers: the turn that just ended, and more. */
const TOOL_RECORD_BYTES = 1024 * 1024;

interface RolloutItem {
  readonly timestamp?: unknown;
  readonly type?: unknown;
  readonly payload?: {
    readonly type?: unknown;
    readonly call_id?: unknown;
    readonly arguments?: unknown;
    readonly input?: unknown;
  };
}

/** A function call's arguments as an object; a freeform tool's text under `input`, as apply_patch's hook payload has it. */
function callInput(payload: NonNullable<RolloutItem["payload"]>): unknown {
  if (payload.type === "custom_tool_call") return { input: payload.input };
  if (typeof payload.arguments !== "string") return undefined;
  try {
    return JSON.parse(payload.arguments);
  } catch {
    return undefined;
  }
}

/** The shell command of an exec_command or shell call (`cmd`, or `command` as a string or an argv). */
function commandOf(input: unknown): string | undefined {
  const fields = (input ?? {}) as { cmd?: unknown; command?: unknown };
  const command = fields.cmd ?? fields.command;
  if (typeof command === "string") return command;
  return Array.isArray(command) && command.every((part) => typeof part === "string") ? command.join(" ") : undefined;
}

export function codexToolRecord(payload: unknown): HostToolRecord | null {
  const tail = transcriptTail(payload, TOOL_RECORD_BYTES);
  if (!tail) return null;
  const calls = new Map<string, HostToolCall>();
  let since: string | null = tail.whole ? "" : null;
  for (const line of tail.lines) {
    if (line.trim() === "") continue;
    let item: RolloutItem;
    try {
      item = JSON.parse(line) as RolloutItem;
    } catch {
      continue;
    }
    if (since === null && typeof item.timestamp === "string") since = item.timestamp;
    const entry = item.payload;
    if (item.type !== "response_item" || !entry || typeof entry.call_id !== "string") continue;
    if (entry.type === "function_call" || entry.type === "custom_tool_call") {
      const input = callInput(entry);
      const command = commandOf(input);
      calls.set(entry.call_id, {
        ...(command !== undefined ? { command } : {}),
        hasResult: calls.get(entry.call_id)?.hasResult ?? false,
        input,
      });
    } else if (entry.type === "function_call_output" || entry.type === "custom_tool_call_output") {
      const known = calls.get(entry.call_id);
      if (known) calls.set(entry.call_id, { ...known, hasResult: true });
    }
  }
  return { calls, since };
}
