// What the `goalpost` CLI needs to know of an installed adapter, without importing its hook path:
// its id and name, its bin, where its state lives and whether its host is on this machine. Each
// adapter package exports one as `descriptor`; the CLI collects them, so a new adapter appears there
// without the CLI changing.

import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { Env } from "@goalpost/core";
import type { HostAdapter } from "./host-adapter.js";

export interface AdapterDescriptor {
  readonly id: string;
  readonly displayName: string;
  readonly bin: string;
  /** Absolute path of the adapter's bin (dist/<bin>.js). */
  readonly binPath: string;
  stateRoot(env?: Env): string;
  /** Whether the host is on this machine: its home or its program was found (and where). */
  detect(env?: Env): { readonly present: boolean; readonly where: string | null };
}

/** Whether `program` is an executable on PATH; returns its path. */
export function findOnPath(program: string, env: Env = process.env): string | null {
  for (const directory of (env["PATH"] ?? "").split(delimiter)) {
    if (!directory) continue;
    const candidate = join(directory, program);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export function describeAdapter(adapter: HostAdapter, options: { binPath: string; program: string }): AdapterDescriptor {
  return {
    id: adapter.id,
    displayName: adapter.displayName,
    bin: adapter.bin,
    binPath: options.binPath,
    stateRoot: (env = process.env) => adapter.stateRoot(env),
    detect(env = process.env) {
      const home = adapter.home(env);
      if (existsSync(home)) return { present: true, where: home };
      const program = findOnPath(options.program, env);
      return { present: program !== null, where: program };
    },
  };
}
