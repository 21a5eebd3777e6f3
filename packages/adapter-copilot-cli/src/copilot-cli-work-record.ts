// Copilot CLI's event log, `$COPILOT_HOME/session-state/<session id>/events.jsonl` (agentStop's
// `transcriptPath`; a prompt's payload names none, so it is found by the session's id), as the record of
// the session's tool calls for its working context: a `tool.execution_start` per call (`data.toolCallId`,
// `toolName`, `arguments` as an object; the SDK's generated/session-events.d.ts) and a
// `tool.execution_complete` with the same id. With no goal open the hooks answer tool calls from the
// shell, so after a compaction the files the session worked on come from here, read as the compaction is
// about to run. The log is written at the end of a turn in the terminal UI and only at the end of the
// process in a `-p` run (docs/hosts/copilot-cli.md §5, §11): it may lack the turn in hand, so it never
// judges a receipt (the contract's hostWorkRecord, not hostToolRecord).
import { join } from "node:path";
import { recordTailLines } from "@goalpost/adapter-kit";
import type { Env } from "@goalpost/core";
import type { HostToolCall, HostToolRecord } from "@goalpost/core/internal";
import { copilotHome } from "./copilot-cli-paths.js";

/** How much of the log a read covers: the turns before the compaction, and more. */
const WORK_RECORD_BYTES = 1024 * 1024;

/** The session's event log: the one agentStop names, else the session's own under COPILOT_HOME. */
export function sessionEventLog(payload: unknown, env: Env): string | null {
  const { transcriptPath, sessionId } = (payload ?? {}) as { transcriptPath?: unknown; sessionId?: unknown };
  if (typeof transcriptPath === "string" && transcriptPath !== "") return transcriptPath;
  if (typeof sessionId !== "string" || !/^[\w-]+$/.test(sessionId)) return null;
  return join(copilotHome(env), "session-state", sessionId, "events.jsonl");
}

interface LoggedEvent {
  readonly type?: unknown;
  readonly data?: { readonly toolCallId?: unknown; readonly arguments?: unknown };
}

export function copilotWorkRecord(payload: unknown, env: Env): HostToolRecord | null {
  const path = sessionEventLog(payload, env);
  if (!path) return null;
  const tail = recordTailLines(path, WORK_RECORD_BYTES);
  if (!tail) return null;
  const calls = new Map<string, HostToolCall>();
  for (const line of tail.lines) {
    if (!line.includes('"tool.execution_')) continue;
    let event: LoggedEvent;
    try {
      event = JSON.parse(line) as LoggedEvent;
    } catch {
      continue;
    }
    const id = event.data?.toolCallId;
    if (typeof id !== "string") continue;
    if (event.type === "tool.execution_start") {
      const input = event.data?.arguments;
      const command = (input as { command?: unknown } | undefined)?.command;
      calls.set(id, {
        ...(typeof command === "string" ? { command } : {}),
        hasResult: calls.get(id)?.hasResult ?? false,
        input,
      });
    } else if (event.type === "tool.execution_complete") {
      const known = calls.get(id);
      if (known) calls.set(id, { ...known, hasResult: true });
    }
  }
  return { calls, since: tail.whole ? "" : null };
}
