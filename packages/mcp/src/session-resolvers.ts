// How an MCP tool call is tied to its session: a strategy the adapter passes in, because every host
// says it differently (docs/hosts/). A call that cannot be tied to a session is refused with the reason,
// never guessed, and a session id the model supplies is only accepted if goalpost already knows it.
import { resolve } from "node:path";
import type { GoalStore } from "@goalpost/core";
import { consumeToolUse } from "@goalpost/core/internal";

export interface ToolSession {
  readonly sessionId: string;
  readonly cwd: string;
  readonly host: string;
  readonly subagent: boolean;
}

export interface ToolCallContext {
  /** The request's `params._meta`. */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  /** The tool arguments as sent. */
  readonly args: Readonly<Record<string, unknown>>;
}

/** A session, or the reason the call cannot be tied to one. */
export type SessionResolution = { readonly session: ToolSession } | { readonly refusal: string };
export type SessionResolver = (call: ToolCallContext) => SessionResolution;

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/**
 * Claude Code: `_meta["claudecode/toolUseId"]` equals the `tool_use_id` that goalpost's PreToolUse
 * hook recorded with its session (Codex sends the same id as `_meta.callId`). Each record ties one
 * call: it is taken when used, so a replayed id is refused.
 */
export function resolveByToolUseId(
  store: GoalStore,
  metaKeys: readonly string[] = ["claudecode/toolUseId", "callId"],
): SessionResolver {
  return ({ meta }) => {
    const id = metaKeys.map((key) => text(meta?.[key])).find(Boolean);
    if (!id)
      return {
        refusal: `This call carries no tool-use id (${metaKeys.join(" or ")} in _meta), so goalpost cannot tell which session it belongs to.`,
      };
    const record = consumeToolUse(store, id);
    if (!record) {
      return {
        refusal: `goalpost has no record of tool call ${id}: its PreToolUse hook did not run for this call, or the id was already used. Check the installation with the adapter's doctor command.`,
      };
    }
    return { session: { sessionId: record.sessionId, cwd: record.cwd, host: record.host, subagent: record.subagent } };
  };
}

/**
 * Codex: `_meta.sessionId` (= `threadId`, the hook's `session_id`) and the workspace in
 * `x-codex-turn-metadata`. Accepted only for a session goalpost's hooks have already seen from this
 * host (and in that workspace, when the call names one): a made-up id is refused.
 */
export function resolveByMetaSession(store: GoalStore, host: string): SessionResolver {
  return ({ meta }) => {
    const sessionId = text(meta?.["sessionId"]) ?? text(meta?.["threadId"]);
    if (!sessionId) return { refusal: "This call carries no session id in _meta (sessionId or threadId)." };
    const session = store.read(sessionId);
    if (!session || session.host !== host)
      return { refusal: `goalpost's ${host} hooks have not seen session ${sessionId}: it cannot be used here.` };
    const turn = meta?.["x-codex-turn-metadata"] as { workspaces?: Record<string, unknown> } | undefined;
    const workspace = Object.keys(turn?.workspaces ?? {})[0];
    if (workspace && resolve(workspace) !== resolve(session.cwd))
      return { refusal: `Session ${sessionId} belongs to ${session.cwd}, not ${workspace}.` };
    return { session: { sessionId, cwd: session.cwd, host, subagent: false } };
  };
}

/**
 * VS Code: the tools take `sessionId` and `cwd` arguments, which goalpost's hooks put in the model's
 * context. They are accepted only for a session goalpost already has on file in that directory.
 */
export function resolveByArguments(store: GoalStore, host: string): SessionResolver {
  return ({ args }) => {
    const sessionId = text(args["sessionId"]);
    const cwd = text(args["cwd"]);
    if (!sessionId || !cwd) return { refusal: "Pass the sessionId and cwd that goalpost gave you in context." };
    const session = store.read(sessionId);
    if (!session || resolve(session.cwd) !== resolve(cwd)) {
      return {
        refusal: `goalpost knows no session ${sessionId} in ${cwd}. Use the sessionId and cwd from the goalpost context, not your own.`,
      };
    }
    return { session: { sessionId, cwd: session.cwd, host, subagent: false } };
  };
}

/** Tries each resolver in turn; refuses with the first refusal when none resolves. */
export function firstResolved(...resolvers: readonly SessionResolver[]): SessionResolver {
  return (call) => {
    let first: SessionResolution | undefined;
    for (const resolver of resolvers) {
      const result = resolver(call);
      if ("session" in result) return result;
      first ??= result;
    }
    return first ?? { refusal: "No way to tie this call to a session was configured." };
  };
}
