// The hook-group shape Claude Code, Codex and VS Code share:
//   { "<Event>": [ { "matcher": "…", "hooks": [ { "type": "command", "command": "…", "timeout": 15 } ] } ] }
// goalpost adds one group per event and, on removal, takes out only its own handlers: a group the
// user shares with goalpost keeps the user's handlers.
import type { ConfigFormat, InstallTarget, JsonObject } from "../contract/install-spec.js";

interface HookHandler {
  readonly type?: string;
  readonly command?: string;
  readonly [key: string]: unknown;
}
interface HookGroup {
  readonly matcher?: string;
  readonly hooks?: HookHandler[];
  readonly [key: string]: unknown;
}

export interface HookGroupOptions {
  /** Recognises goalpost's own handler commands. */
  readonly isOwnCommand: (command: unknown) => boolean;
}

const groupsOf = (hooks: unknown): Record<string, unknown> =>
  typeof hooks === "object" && hooks !== null && !Array.isArray(hooks) ? (hooks as Record<string, unknown>) : {};

const ownHandler = (options: HookGroupOptions) => (handler: HookHandler) => options.isOwnCommand(handler?.command);

/** The hooks object with goalpost's handlers taken out; events left empty go. */
export function withoutOwnHookGroups(hooks: unknown, options: HookGroupOptions): Record<string, unknown> {
  const isOwn = ownHandler(options);
  const cleaned: Record<string, unknown> = {};
  for (const [event, groups] of Object.entries(groupsOf(hooks))) {
    if (!Array.isArray(groups)) {
      cleaned[event] = groups;
      continue;
    }
    const kept = (groups as HookGroup[]).flatMap((group) => {
      if (!Array.isArray(group?.hooks)) return [group];
      const handlers = group.hooks.filter((handler) => !isOwn(handler));
      if (handlers.length === group.hooks.length) return [group];
      return handlers.length > 0 ? [{ ...group, hooks: handlers }] : [];
    });
    if (kept.length > 0) cleaned[event] = kept;
  }
  return cleaned;
}

/**
 * What the host's spinner says while goalpost's stop hook runs: that hook may wait (seconds) for
 * goalpost's own run of the checks, and the user should know who they are waiting on.
 */
const STOP_SPINNER_TEXT = "goalpost: checking the goal";

/** A hook-groups target's `statusMessage`: goalpost's words on the host's main stop event (`stopEvent`), none elsewhere. */
export const stopSpinner =
  (stopEvent: string) =>
  (event: string): string | undefined =>
    event === stopEvent ? STOP_SPINNER_TEXT : undefined;

const spinnerText = (text: string | undefined) => (text === undefined ? {} : { statusMessage: text });

/** The hooks object with one goalpost group per event, after the user's own groups. */
export function withOwnHookGroups(
  hooks: unknown,
  options: HookGroupOptions & {
    readonly events: readonly string[];
    readonly command: (event: string) => string;
    /** Seconds the host waits for the hook: one for every event, or by event (a stop that waits for goalpost's run). */
    readonly timeout: number | ((event: string) => number);
    /** The group's matcher ("" matches every tool); left out where the host has none. */
    readonly matcher?: string;
    /** What the host's spinner says while the hook runs, by event (Claude Code's and Codex's `statusMessage`); none where undefined. */
    readonly statusMessage?: (event: string) => string | undefined;
  },
): Record<string, unknown> {
  const result = withoutOwnHookGroups(hooks, options);
  for (const event of options.events) {
    const group = {
      ...(options.matcher === undefined ? {} : { matcher: options.matcher }),
      hooks: [
        {
          type: "command",
          command: options.command(event),
          timeout: typeof options.timeout === "number" ? options.timeout : options.timeout(event),
          ...spinnerText(options.statusMessage?.(event)),
        },
      ],
    };
    result[event] = [...((result[event] as unknown[] | undefined) ?? []), group];
  }
  return result;
}

/** Whether every one of `events` runs a goalpost handler. */
export function ownHookGroupsWired(hooks: unknown, events: readonly string[], options: HookGroupOptions): boolean {
  const isOwn = ownHandler(options);
  const groups = groupsOf(hooks);
  return events.every(
    (event) =>
      Array.isArray(groups[event]) &&
      (groups[event] as HookGroup[]).some((group) => Array.isArray(group?.hooks) && group.hooks.some(isOwn)),
  );
}

/** Whether any event runs a goalpost handler. */
export function ownHookGroupsPresent(hooks: unknown, options: HookGroupOptions): boolean {
  return Object.keys(groupsOf(hooks)).some((event) => ownHookGroupsWired(hooks, [event], options));
}

/** The events that run a goalpost handler. */
function ownHookEvents(hooks: unknown, options: HookGroupOptions): string[] {
  return Object.keys(groupsOf(hooks)).filter((event) => ownHookGroupsWired(hooks, [event], options));
}

/** A command as doctor and a breach name it: its first 60 characters, on one line. */
const shortCommand = (command: string) => {
  const line = command.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/**
 * Every handler that is not goalpost's, by event, in words. Any of them can answer before goalpost's
 * answer counts: the hosts run an event's handlers side by side, and one that ends the turn ends it
 * (Claude Code's `continue: false`, in any event) whatever goalpost said.
 */
function otherHookHandlers(hooks: unknown, options: HookGroupOptions): string[] {
  const isOwn = ownHandler(options);
  return Object.entries(groupsOf(hooks)).flatMap(([event, groups]) =>
    (Array.isArray(groups) ? (groups as HookGroup[]) : []).flatMap((group) =>
      (Array.isArray(group?.hooks) ? group.hooks : [])
        .filter((handler) => !isOwn(handler))
        .map((handler) => {
          const what =
            typeof handler?.command === "string" ? shortCommand(handler.command) : `a ${String(handler?.type ?? "")} hook`;
          return `another ${event} hook (\`${what}\`) ${
            /stop/i.test(event)
              ? "can end the turn before goalpost's answer counts"
              : "runs beside goalpost's and can end the turn whatever goalpost answers"
          }`;
        }),
    ),
  );
}

/** The object at `data[key]`, or `{}` when there is none (or something else is there). */
export const objectAt = (data: JsonObject, key: string): JsonObject =>
  typeof data[key] === "object" && data[key] !== null && !Array.isArray(data[key]) ? (data[key] as JsonObject) : {};

/** `data` with `key` set to `value`, or removed when `value` is empty (so uninstall leaves no `{}` behind). */
export function withKey(data: JsonObject, key: string, value: Record<string, unknown>): JsonObject {
  const { [key]: _previous, ...rest } = data;
  return Object.keys(value).length > 0 ? { ...data, [key]: value } : rest;
}

/**
 * The install target for a file whose `hooks` key holds hook groups: goalpost's group per event in,
 * exactly goalpost's handlers out. Claude Code's settings.json, Codex's hooks.json and VS Code's hook
 * files are all this.
 */
export function hookGroupsTarget(options: {
  readonly path: string;
  readonly format: ConfigFormat;
  readonly own: HookGroupOptions;
  readonly events: readonly string[];
  readonly command: (event: string) => string;
  readonly timeout: number | ((event: string) => number);
  readonly matcher?: string;
  readonly statusMessage?: (event: string) => string | undefined;
}): InstallTarget {
  const { own, events } = options;
  return {
    path: options.path,
    format: options.format,
    label: "hooks",
    detail: `for ${events.length} events`,
    install: (data) => ({
      ...data,
      hooks: withOwnHookGroups(data["hooks"], {
        ...own,
        events,
        command: options.command,
        timeout: options.timeout,
        ...(options.matcher === undefined ? {} : { matcher: options.matcher }),
        ...(options.statusMessage === undefined ? {} : { statusMessage: options.statusMessage }),
      }),
    }),
    uninstall: (data) => withKey(data, "hooks", withoutOwnHookGroups(data["hooks"], own)),
    wired: (data) => ownHookGroupsWired(data["hooks"], events, own),
    present: (data) => ownHookGroupsPresent(data["hooks"], own),
    // Some of goalpost's events and not all: the ones missing are named (a script that took out the Stop hook alone).
    problems: (data) => {
      const wired = ownHookEvents(data["hooks"], own);
      const missing = wired.length === 0 ? [] : events.filter((event) => !wired.includes(event));
      return missing.length === 0
        ? []
        : [
            `goalpost's ${missing.join(", ")} hook${missing.length > 1 ? "s are" : " is"} not in it, so goalpost does not answer ${missing.length > 1 ? "those events" : "that event"}`,
          ];
    },
    parts: (data) => ownHookEvents(data["hooks"], own).map((event) => `${event} hook`),
    rivals: (data) => otherHookHandlers(data["hooks"], own),
  };
}
