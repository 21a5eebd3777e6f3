// What the `goalpost` CLI needs to know of an installed adapter, without importing its hook path:
// its id and name, its bin, where its state lives and whether its host is on this machine. Each
// adapter package exports one from its `./descriptor` entry (its paths module and these facts only);
// the CLI collects them, so a new adapter appears there without the CLI changing.

import { accessSync, constants, type Dirent, existsSync, readdirSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Env } from "@goalpost/core";

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
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

/**
 * How the user runs one of an adapter's commands, in a hint: its own bin when that is on the PATH, the
 * goalpost CLI's form (`goalpost install claude-code`) when only that is — a user who installed with
 * `goalpost install` has no `goalpost-claude-code` to type — else the bin's name.
 */
export function userCommand(
  adapter: { readonly bin: string; readonly id: string },
  verb: string,
  env: Env = process.env,
  flags = "",
): string {
  const tail = flags ? ` ${flags}` : "";
  if (findOnPath(adapter.bin, env) === null && findOnPath("goalpost", env) !== null)
    return `goalpost ${verb} ${adapter.id}${tail}`;
  return `${adapter.bin} ${verb}${tail}`;
}

/** What an adapter's descriptor module says of it: facts only, so that the CLI loads none of its hook path. */
export interface AdapterFacts {
  readonly id: string;
  readonly displayName: string;
  readonly bin: string;
  /** The host's program on PATH (claude, codex, …), for detection. */
  readonly program: string;
  stateRoot(env: Env): string;
  home(env: Env): string;
  /** The descriptor module's own import.meta.url: the bin is `<bin>.js` in the same dist/ folder. */
  readonly moduleUrl: string;
}

export function describeAdapter(facts: AdapterFacts): AdapterDescriptor {
  return {
    id: facts.id,
    displayName: facts.displayName,
    bin: facts.bin,
    // Worked out when asked: the hook bundle (CommonJS, no import.meta) loads this module too.
    get binPath() {
      return join(dirname(fileURLToPath(facts.moduleUrl)), `${facts.bin}.js`);
    },
    stateRoot: (env = process.env) => facts.stateRoot(env),
    detect(env = process.env) {
      const home = facts.home(env);
      // A home holding only goalpost's files, none of them this adapter's state (another adapter's
      // install wrote them: VS Code's hooks in ~/.copilot), is no sign of the host.
      if (existsSync(home) && (!onlyGoalpost(home) || existsSync(facts.stateRoot(env)))) return { present: true, where: home };
      const program = findOnPath(facts.program, env);
      return { present: program !== null, where: program };
    },
  };
}

/** goalpost's own names: its state folders, its hook and extension files, its backups. */
const GOALPOST_NAME = /^goalpost|\.goalpost-backup$/;

/**
 * Whether a folder holds nothing but goalpost's files: every entry goalpost's by name, or a folder
 * holding only such (VS Code's install writes `~/.copilot/hooks/goalpost-vscode.json`, which is no sign
 * that Copilot CLI is here).
 */
export function onlyGoalpost(folder: string, depth = 0): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return false;
  }
  // An empty home is the host's own (created by it, or by the user for it); an empty folder inside, goalpost's leftover.
  if (depth === 0 && entries.length === 0) return false;
  return entries.every(
    (entry) =>
      GOALPOST_NAME.test(entry.name) || (entry.isDirectory() && depth < 3 && onlyGoalpost(join(folder, entry.name), depth + 1)),
  );
}
