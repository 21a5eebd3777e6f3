// Codex runs a user's hook only when config.toml vouches for it (docs/hosts/codex.md §2):
//   [hooks.state."<hooks.json path>:<event label>:<group index>:<handler index>"]
//   trusted_hash = "sha256:<hex of the canonical JSON of the handler's identity>"
// Editing a handler changes its hash, and Codex then skips it silently as "modified". goalpost writes
// the entries for its own handlers as Codex computes them, so its hooks run with no bypass flag, and
// moves the user's own entries along when goalpost's handlers shift the user's indices.
import { loadBuiltin } from "@goalpost/adapter-kit";

/** Codex's snake_case label of each event, as trust keys and hashes use it. */
export const EVENT_LABELS: Readonly<Record<string, string>> = {
  PreToolUse: "pre_tool_use",
  PermissionRequest: "permission_request",
  PostToolUse: "post_tool_use",
  PreCompact: "pre_compact",
  PostCompact: "post_compact",
  SessionStart: "session_start",
  SessionEnd: "session_end",
  UserPromptSubmit: "user_prompt_submit",
  SubagentStart: "subagent_start",
  SubagentStop: "subagent_stop",
  Stop: "stop",
  Interrupt: "interrupt",
};

/** Codex's default hook timeout; SessionEnd and Interrupt get at most 3 s. */
const DEFAULT_TIMEOUT = 600;
const SHORT_EVENTS = new Set(["session_end", "interrupt"]);

interface Handler {
  readonly type?: unknown;
  readonly command?: unknown;
  readonly timeout?: unknown;
  readonly statusMessage?: unknown;
  readonly commandWindows?: unknown;
}
interface Group {
  readonly matcher?: unknown;
  readonly hooks?: readonly Handler[];
}

/** One command handler in a hooks.json, where Codex's trust key points. */
interface HandlerSlot {
  readonly event: string;
  readonly key: string;
  readonly handler: Handler;
  readonly group: Group;
}

/** JSON with keys sorted at every level and no spaces (serde_json's compact form). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The hash Codex expects for a command handler. */
export function trustedHash(event: string, group: Group, handler: Handler): string {
  const label = EVENT_LABELS[event] ?? event;
  const given = typeof handler.timeout === "number" ? handler.timeout : DEFAULT_TIMEOUT;
  const identity = {
    event_name: label,
    ...(typeof group.matcher === "string" ? { matcher: group.matcher } : {}),
    hooks: [
      {
        type: "command",
        command: handler.command,
        timeout: SHORT_EVENTS.has(label) ? Math.min(given, 3) : given,
        async: false,
        ...(handler.statusMessage === undefined ? {} : { statusMessage: handler.statusMessage }),
        ...(handler.commandWindows === undefined ? {} : { commandWindows: handler.commandWindows }),
      },
    ],
  };
  // node:crypto is loaded here, by install and doctor: the hook path lists the install targets too,
  // and loading it costs a hook ~3–5 ms.
  const { createHash } = loadBuiltin<typeof import("node:crypto")>("node:crypto");
  return `sha256:${createHash("sha256").update(canonical(identity)).digest("hex")}`;
}

/** Every command handler of a hooks.json's `hooks` object, with its trust key. */
export function handlerSlots(hooksPath: string, hooks: unknown): HandlerSlot[] {
  if (typeof hooks !== "object" || hooks === null) return [];
  return Object.entries(hooks as Record<string, unknown>).flatMap(([event, groups]) => {
    const label = EVENT_LABELS[event];
    if (!label || !Array.isArray(groups)) return [];
    return (groups as Group[]).flatMap((group, groupIndex) =>
      (Array.isArray(group?.hooks) ? group.hooks : []).flatMap((handler, handlerIndex) =>
        handler?.type === "command"
          ? [{ event, key: `${hooksPath}:${label}:${groupIndex}:${handlerIndex}`, handler, group }]
          : [],
      ),
    );
  });
}

type TrustState = Record<string, unknown>;

/**
 * The trust state after goalpost's handlers moved from `before` to `after`: goalpost's old entries
 * out, goalpost's new handlers trusted, and each of the user's handlers keeping its entry at its new key.
 */
export function retrust(
  state: TrustState,
  options: {
    readonly hooksPath: string;
    readonly before: unknown;
    readonly after: unknown;
    readonly isOwn: (command: unknown) => boolean;
  },
): TrustState {
  const before = handlerSlots(options.hooksPath, options.before);
  const after = handlerSlots(options.hooksPath, options.after);
  const next: TrustState = { ...state };
  const users = (slots: HandlerSlot[], event: string) =>
    slots.filter((slot) => slot.event === event && !options.isOwn(slot.handler.command));
  const moves = new Map<string, unknown>();
  for (const slot of before) {
    if (options.isOwn(slot.handler.command)) {
      delete next[slot.key];
      continue;
    }
    const index = users(before, slot.event).indexOf(slot);
    const moved = users(after, slot.event)[index];
    if (moved && moved.key !== slot.key && slot.key in state) {
      moves.set(moved.key, state[slot.key]);
      delete next[slot.key];
    }
  }
  for (const [key, entry] of moves) next[key] = entry;
  for (const slot of after) {
    if (options.isOwn(slot.handler.command)) next[slot.key] = { trusted_hash: trustedHash(slot.event, slot.group, slot.handler) };
  }
  return next;
}

/** goalpost's handlers Codex would skip: with no trust entry (untrusted) or one for other content (modified). */
export function untrustedOwnHandlers(
  hooksPath: string,
  hooks: unknown,
  state: Record<string, unknown>,
  isOwn: (command: unknown) => boolean,
): { readonly event: string; readonly key: string; readonly status: "untrusted" | "modified" }[] {
  return handlerSlots(hooksPath, hooks).flatMap((slot) => {
    if (!isOwn(slot.handler.command)) return [];
    const recorded = (state[slot.key] as { trusted_hash?: unknown } | undefined)?.trusted_hash;
    if (recorded === trustedHash(slot.event, slot.group, slot.handler)) return [];
    return [
      { event: slot.event, key: slot.key, status: recorded === undefined ? ("untrusted" as const) : ("modified" as const) },
    ];
  });
}
