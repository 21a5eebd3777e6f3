// A hook file that is goalpost's alone (Copilot CLI's `hooks/goalpost.json`, VS Code's
// `hooks/goalpost-vscode.json`): one handler per event under `hooks`, written whole at install and
// emptied (so deleted) at uninstall — but only while it still holds goalpost's commands.

import type { InstallTarget, JsonObject } from "../contract/install-spec.js";
import { objectAt } from "./hook-groups-target.js";
import type { OwnEntries } from "./own-entries.js";

export interface OwnHookFileOptions {
  readonly path: string;
  readonly own: OwnEntries;
  readonly events: readonly string[];
  /** The one handler of an event, in the host's format. */
  readonly handler: (event: string) => JsonObject;
  /** The handler's field that holds the command line: `command` (VS Code) or `bash` (Copilot CLI). */
  readonly commandKey: string;
  /** Keys the file carries beside `hooks` (Copilot CLI's `version: 1`). */
  readonly header?: JsonObject;
}

export function ownHookFileTarget(options: OwnHookFileOptions): InstallTarget {
  const { own, events, commandKey } = options;
  const ownHooks = (data: JsonObject) =>
    Object.values(objectAt(data, "hooks")).some(
      (handlers) =>
        Array.isArray(handlers) && handlers.some((handler) => own.isOwnCommand((handler as JsonObject | null)?.[commandKey])),
    );
  return {
    path: options.path,
    format: "json",
    label: "hooks",
    detail: `for ${events.length} events`,
    install: () => ({ ...options.header, hooks: Object.fromEntries(events.map((event) => [event, [options.handler(event)]])) }),
    uninstall: (data) => (ownHooks(data) ? {} : data),
    wired: (data) => events.every((event) => ownHooks({ hooks: { [event]: objectAt(data, "hooks")[event] } })),
    present: ownHooks,
  };
}
