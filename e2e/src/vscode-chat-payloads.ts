// VS Code Copilot Chat hook payloads in the two spellings known (docs/hosts/vscode-chat.md §3): the extension's code
// writes snake_case common fields and appends `cwd` only when resolved; the docs show `sessionId`,
// `hookEventName` and `cwd` first. Event fields are snake_case in both. Built, not captured: VS Code
// cannot run headless (§4.9).
export type Spelling = "code" | "docs";

export interface VscodeSession {
  readonly sessionId: string;
  /** The workspace folder; null when VS Code resolved none. */
  readonly cwd: string | null;
}

export function vscodePayload(
  spelling: Spelling,
  event: string,
  session: VscodeSession,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  const timestamp = new Date().toISOString();
  const transcript_path = `/home/user/.config/Code/User/workspaceStorage/ws/GitHub.copilot-chat/transcripts/${session.sessionId}.jsonl`;
  const cwd = session.cwd === null ? {} : { cwd: session.cwd };
  return spelling === "code"
    ? { timestamp, hook_event_name: event, session_id: session.sessionId, transcript_path, ...fields, ...cwd }
    : { timestamp, ...cwd, sessionId: session.sessionId, hookEventName: event, transcript_path, ...fields };
}
