// The hosts goalpost knows: every `@goalpost/adapter-*` package this CLI depends on, each asked for
// its descriptor. A new adapter appears here by being added to package.json, never by editing this
// file; none of their hook code is loaded.

import { readFileSync } from "node:fs";
import type { AdapterDescriptor } from "@goalpost/adapter-kit";
import type { Env } from "@goalpost/core";
import { didYouMean } from "@goalpost/core/internal";

const ADAPTER_PACKAGE = /^@goalpost\/adapter-(?!kit$)[a-z0-9-]+$/;

/** The adapter packages listed in this CLI's package.json. */
function adapterPackages(): string[] {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {})
    .filter((name) => ADAPTER_PACKAGE.test(name))
    .sort();
}

export async function loadHosts(): Promise<AdapterDescriptor[]> {
  const hosts: AdapterDescriptor[] = [];
  for (const name of adapterPackages()) {
    // The descriptor entry: the adapter's facts and paths, none of its hook path (see the kit's descriptor.ts).
    const adapter = (await import(`${name}/descriptor`)) as { descriptor?: AdapterDescriptor };
    if (adapter.descriptor) hosts.push(adapter.descriptor);
    else process.stderr.write(`goalpost: ${name} exports no descriptor; skipped.\n`);
  }
  return hosts;
}

/** The hosts named on the command line (all of them when none is), or the names nobody knows. */
export function selectHosts(
  hosts: readonly AdapterDescriptor[],
  names: readonly string[],
): { hosts: AdapterDescriptor[] } | { unknown: string[] } {
  if (names.length === 0) return { hosts: [...hosts] };
  const unknown = names.filter((name) => !hosts.some((host) => host.id === name));
  if (unknown.length > 0) return { unknown };
  return { hosts: hosts.filter((host) => names.includes(host.id)) };
}

export const unknownHostMessage = (unknown: readonly string[], hosts: readonly AdapterDescriptor[]) => {
  const ids = hosts.map((host) => host.id);
  const meant = unknown.length === 1 ? didYouMean(unknown[0]!, ids) : "";
  return `goalpost: no adapter for host${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => `"${name}"`).join(", ")}${meant} (available: ${ids.join(", ")})\n`;
};

/** Every host's state root, once each (GOALPOST_HOME makes them one), or just `--root`. */
export function stateRoots(hosts: readonly AdapterDescriptor[], env: Env, root?: string): string[] {
  return root ? [root] : [...new Set(hosts.map((host) => host.stateRoot(env)))];
}

/** "Claude Code" for "claude-code"; an id no adapter here knows is shown as it is. */
export function hostName(hosts: readonly AdapterDescriptor[], id: string): string {
  return hosts.find((host) => host.id === id)?.displayName ?? id;
}
