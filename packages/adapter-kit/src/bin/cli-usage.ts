// What an adapter's bin says of itself: its version and its usage (host-cli.ts, admin-commands.ts); the
// admin commands' flags from the table the goalpost CLI shares (command-line.ts).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { HostAdapter } from "../contract/host-adapter.js";
import { ADMIN_OPTIONS, type AdminVerb } from "./command-line.js";

/** The adapter's version, from the package.json beside its dist/ folder. */
export function adapterVersion(cliPath: string): string {
  try {
    return (JSON.parse(readFileSync(join(dirname(cliPath), "..", "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** An admin command's usage line, from the flags table the goalpost CLI passes through and completes. */
function adminUsage(adapter: HostAdapter, verb: AdminVerb): string {
  const flags = Object.entries(ADMIN_OPTIONS[verb])
    .filter(([name]) => adapter.install.strict || !name.endsWith("strict"))
    .map(([name, option]) =>
      name === "scope"
        ? `[--scope ${adapter.install.scopes.join("|")}]`
        : option.type === "string"
          ? `[--${name} <${name === "project" ? "dir" : name}>]`
          : `[--${name}]`,
    );
  return `${adapter.bin} ${verb} ${[...flags, "[--json]"].join(" ")}`;
}

export function hostCliUsage(adapter: HostAdapter, version: string): string {
  const { bin, displayName } = adapter;
  return `${bin} ${version} — keeps ${displayName} on the goal you set

usage:
  ${adminUsage(adapter, "install")}
  ${adminUsage(adapter, "uninstall")}
  ${adminUsage(adapter, "doctor")}
  ${bin} status | open '<json>' | update '<json>' | close '<json>' [--session <id>]
                                  the goal tools from the shell, for the agent
  ${bin} hook <Event>              run by ${displayName}: payload on stdin, answer on stdout
  ${bin} mcp                       run by ${displayName}: the goal tools over stdio
  ${bin} verify …                  run by goalpost: a goal's checks, in a sandbox
  ${bin} issue-lookup …            run by goalpost: the title and milestone of the session's GitHub issue (gh)
  ${bin} --version | --help

examples:
  ${bin} install --dry-run         show exactly what install would change, write nothing
  ${bin} install                   wire goalpost into ${displayName} (${adapter.install.defaultScope} scope)
  ${bin} doctor                    check the wiring, the fast path and the state directory${
    adapter.install.strict
      ? `
  ${bin} install --strict          ${displayName}'s own sandbox around the agent's commands: it cannot reach goalpost`
      : ""
  }
  ${bin} update '{"doneSoFar":["parser streams"],"remaining":["docs"]}'
  ${bin} uninstall                 take out exactly what install added (goal records kept; --purge: them too)

Switch goalpost off for a moment: GOALPOST_DISABLED=1 in ${displayName}'s environment,
or a file named "disabled" in ${adapter.stateRoot(process.env)}.
`;
}
