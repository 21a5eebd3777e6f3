// goalpost's segment in the host's status line: one key of its settings (`statusLine`), whose command
// goalpost's status line script then runs. A status line the user already has is kept inside it
// (status-line-command.ts): their lines first, then goalpost's; uninstall puts their
// command back as it was, every other field of theirs untouched throughout. Not offered (a shared
// scope, Windows, `install --no-status-line`): install takes goalpost's out as uninstall does.

import { userCommand } from "../contract/descriptor.js";
import type { ConfigFormat, InstallContext, InstallTarget, JsonObject } from "../contract/install-spec.js";
import { withKey } from "./hook-groups-target.js";
import { refreshAdded, userStatusLine } from "./status-line-command.js";

export interface StatusLineOptions {
  readonly path: string;
  readonly format: ConfigFormat;
  /** The settings key: `statusLine`. */
  readonly key: string;
  readonly bin: string;
  /** The adapter's id, for the hint that names the command adding it (`goalpost install <id>` where only goalpost is on the PATH). */
  readonly id?: string;
  readonly context: InstallContext;
  /**
   * The host's key for redrawing the line every so many seconds (Claude Code's and Copilot CLI's
   * `refreshInterval`), where it has one: set to REFRESH_SECONDS, so a goal's close, or a run finishing
   * between messages, is seen without waiting for the next message — on goalpost's line alone, and on a
   * line of the user's that had no timer (goalpost's command records it, so uninstall takes it out
   * again). A line of the user's with a timer of its own keeps it.
   */
  readonly refreshKey?: string;
}

/** How often a host with a timer redraws goalpost's line: a close shows within seconds, at a shell's cost. */
const REFRESH_SECONDS = 5;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

export function statusLineTarget(options: StatusLineOptions): InstallTarget {
  const { key, bin, context } = options;
  const current = (data: JsonObject) => (isObject(data[key]) ? (data[key] as JsonObject) : null);
  const theirs = (data: JsonObject) => userStatusLine(current(data)?.["command"], bin);
  const ours = (data: JsonObject) => theirs(data) !== undefined;
  const uninstall = (data: JsonObject): JsonObject => {
    const found = theirs(data);
    if (found === undefined) return data;
    if (found === null) {
      const { [key]: _removed, ...rest } = data;
      return rest;
    }
    const entry = current(data)!;
    // The timer goalpost gave the user's line goes with it; one of the user's own stays.
    if (options.refreshKey && refreshAdded(entry["command"], bin)) {
      const { [options.refreshKey]: _timer, ...theirsAgain } = entry;
      return withKey(data, key, { ...theirsAgain, command: found });
    }
    return withKey(data, key, { ...entry, command: found });
  };
  return {
    path: options.path,
    format: options.format,
    label: "status line",
    install: (data) => {
      const make = context.statusLineCommand;
      if (!make) return uninstall(data);
      const entry = current(data);
      const found = theirs(data);
      // A status line of the user's: kept whole, its command run first by goalpost's.
      const userCommand =
        found === undefined ? (typeof entry?.["command"] === "string" ? (entry["command"] as string) : null) : found;
      const refreshKey = options.refreshKey;
      if (!refreshKey)
        return withKey(data, key, entry ? { ...entry, command: make(userCommand) } : { type: "command", command: make(null) });
      if (userCommand === null)
        return withKey(
          data,
          key,
          entry
            ? { [refreshKey]: REFRESH_SECONDS, ...entry, command: make(null) }
            : { type: "command", command: make(null), [refreshKey]: REFRESH_SECONDS },
        );
      // The user's line: given the timer only where it had none of its own (or goalpost's, from before).
      const added = !(refreshKey in entry!) || refreshAdded(entry!["command"], bin);
      return withKey(
        data,
        key,
        added
          ? { ...entry, [refreshKey]: REFRESH_SECONDS, command: make(userCommand, true) }
          : { ...entry, command: make(userCommand) },
      );
    },
    uninstall,
    // Optional (`install --no-status-line`): never what makes goalpost unwired; doctor says where it is.
    wired: () => true,
    present: ours,
    optionalParts: (data) => {
      const found = theirs(data);
      return [
        {
          label: "status line",
          found:
            found === undefined
              ? null
              : found === null
                ? "goalpost's goal line"
                : `goalpost's goal line after yours (${found.length > 40 ? `${found.slice(0, 39)}…` : found})`,
          other: found === undefined && typeof current(data)?.["command"] === "string" ? "a status line of its own" : null,
          absent: `goalpost's goal line is not set (\`${userCommand({ bin, id: options.id ?? bin }, "install", context.env)}\` adds it; \`install --no-status-line\` leaves it out)`,
        },
      ];
    },
  };
}
