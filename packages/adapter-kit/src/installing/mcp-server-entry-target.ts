// goalpost's MCP server as one named entry in a host's map of servers (`mcpServers` in Copilot CLI's
// mcp-config.json, `servers` in VS Code's mcp.json): added beside the user's servers, taken out only
// while it is still goalpost's.

import type { ConfigFormat, InstallTarget, JsonObject } from "../contract/install-spec.js";
import { objectAt, withKey } from "./hook-groups-target.js";
import type { OwnEntries } from "./own-entries.js";

export interface McpServerEntryOptions {
  readonly path: string;
  readonly format: ConfigFormat;
  /** The key of the servers map: `mcpServers`, `servers`. */
  readonly mapKey: string;
  /** goalpost's entry name in it. */
  readonly name: string;
  readonly entry: JsonObject;
  readonly own: OwnEntries;
}

export function mcpServerEntryTarget(options: McpServerEntryOptions): InstallTarget {
  const { mapKey, name, own } = options;
  const servers = (data: JsonObject) => objectAt(data, mapKey);
  const ours = (data: JsonObject) => own.isOwnServer(servers(data)[name]);
  return {
    path: options.path,
    format: options.format,
    label: "MCP server",
    install: (data) => withKey(data, mapKey, { ...servers(data), [name]: options.entry }),
    uninstall: (data) => {
      if (!ours(data)) return data;
      const { [name]: _removed, ...rest } = servers(data);
      return withKey(data, mapKey, rest);
    },
    wired: ours,
    present: ours,
  };
}
