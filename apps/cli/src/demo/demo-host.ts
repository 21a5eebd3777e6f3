// What the scripted session needs of a host: a fake home, where its installer put the hook commands,
// and its payloads for each step, in the host's own shapes (docs/hosts/; checked on every run by the
// adapter's strict schemas, so a drifted payload shows in the transcript as "no decision").
export type Payload = Record<string, unknown>;
/** A hook to run: the host's event name and its payload. */
export type HookCall = readonly [event: string, payload: Payload];

/** An adapter's sample payload (its `<host>-samples.ts`) as the demo's hook call. */
export const call = (sample: { readonly event: string; readonly payload: Payload }): HookCall => [sample.event, sample.payload];

/** The same for a sample a host may not have (VS Code has no session end). */
export const callOrNone = (sample: { readonly event: string; readonly payload: Payload } | null): HookCall | null =>
  sample ? call(sample) : null;

export interface ShellResult {
  readonly exitCode: number;
  readonly output: string;
}

export interface DemoSession {
  readonly sessionId: string;
  readonly project: string;
  readonly home: string;
}

export interface DemoHost {
  readonly id: string;
  /** The fake home's environment: HOME and the host's own variables. */
  env(home: string, project: string): Record<string, string>;
  /** Installed hook commands by event, read from the files the installer wrote. */
  hookCommands(env: Record<string, string>): Record<string, string>;
  /** The prompt a hook sees when the user states a goal in this host. */
  goalPrompt(objective: string): string;
  /** What the user types for it, where the hook sees something else (Copilot CLI's autopilot wrapper). */
  typedGoal?(objective: string): string;
  sessionStart(session: DemoSession, source: "startup" | "compact"): HookCall;
  prompt(session: DemoSession, text: string): HookCall;
  shellBefore(session: DemoSession, callId: string, command: string): HookCall;
  /** The host's report of a finished shell call; may write the host's own records first (Codex's rollout). */
  shellAfter(session: DemoSession, callId: string, command: string, result: ShellResult): HookCall;
  /** The hook the host runs before one of goalpost's MCP tools, and the `_meta` its MCP request carries. */
  goalToolBefore(session: DemoSession, callId: string, tool: string, input: Payload): HookCall;
  goalToolMeta(callId: string): Payload;
  /** Arguments the goal tools take besides their own (VS Code: the session and cwd the hooks told the model). */
  goalToolArgs?(session: DemoSession): Payload;
  preCompact(session: DemoSession): HookCall;
  /** After compaction: the hook that brings the goal back, or null when the next tool result does. */
  afterCompact(session: DemoSession): HookCall | null;
  stop(session: DemoSession): HookCall;
  /** The session's end, or null for a host that has no such hook (VS Code). */
  sessionEnd(session: DemoSession): HookCall | null;
}

/** What a hook answered, in words, whichever host's shape it came in. */
interface ReadAnswer {
  readonly context: string | null;
  readonly denied: string | null;
  readonly blocked: string | null;
  readonly userNote: string | null;
}

export function readAnswer(answer: Payload | null): ReadAnswer {
  const specific = (answer?.["hookSpecificOutput"] ?? answer ?? {}) as Payload;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return {
    context: text(specific["additionalContext"]),
    denied: specific["permissionDecision"] === "deny" ? (text(specific["permissionDecisionReason"]) ?? "denied") : null,
    // Top-level on most hosts; VS Code reads a stop block only inside hookSpecificOutput.
    blocked:
      answer?.["decision"] === "block"
        ? (text(answer["reason"]) ?? "blocked")
        : specific["decision"] === "block"
          ? (text(specific["reason"]) ?? "blocked")
          : null,
    userNote: text(answer?.["systemMessage"]),
  };
}
