// install, uninstall and doctor as the user runs them: flags, the plan shown or applied, what to do next.

import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Env } from "@goalpost/core";
import { GoalpostError } from "@goalpost/core";
import { ensureOpenMarkers, storeRegistryDir } from "@goalpost/core/internal";
import { userCommand } from "../contract/descriptor.js";
import type { HostAdapter } from "../contract/host-adapter.js";
import { formatDoctor, runDoctor, sandboxCheck } from "../doctor/doctor.js";
import { recordWithoutNode } from "../fast-path/without-node.js";
import { applyChanges, type FileChange, planInstall, planUninstall, targetsPresent } from "../installing/config-changes.js";
import { foldersToCreate, recordCreatedFolders, tidyAfterUninstall } from "../installing/footprint.js";
import { LEGACY_FAST_PATH_FOLDER } from "../installing/hook-command.js";
import { installTargets, isSharedScope } from "../installing/scope-targets.js";
import { unwritableFolder } from "../installing/writable.js";
import { adapterVersion, hostCliUsage } from "./cli-usage.js";
import { ADMIN_OPTIONS, type AdminVerb, argumentProblem, type CommandOptions } from "./command-line.js";

/** The user's own files uninstall left in the state root, named (the same words with --purge or without). */
const keptYoursLine = (paths: readonly string[]) => `kept ${paths.join(", ")}: your settings, which uninstall never removes\n`;

/** Why `install --strict` cannot be had here (the host has no sandbox, a committed scope, a tool missing), or null. */
function strictRefused(adapter: HostAdapter, scope: string, strict: boolean): string | null {
  if (!strict) return null;
  const mode = adapter.install.strict;
  if (!mode)
    return `${adapter.displayName} has no sandbox goalpost can turn on, so there is no strict mode here (doctor says what goalpost tells you instead)`;
  if (isSharedScope(adapter, scope))
    return `strict mode is for your own settings, not a committed scope (${scope}): use --scope user or local`;
  const unavailable = mode.unavailable();
  return unavailable ? `strict mode cannot stand here: ${unavailable}` : null;
}

export type AdminCommand = AdminVerb;

interface Output {
  out(text: string): void;
  err(text: string): void;
}

/** The changes as unified diffs; `diff` is loaded only for a dry run. */
async function showDiff(changes: readonly FileChange[]): Promise<string> {
  const { createTwoFilesPatch } = await import("diff");
  return changes
    .map((entry) =>
      createTwoFilesPatch(
        entry.path,
        entry.path,
        entry.before ?? "",
        entry.after ?? "",
        entry.before === null ? "(new file)" : "before",
        entry.after === null ? "(removed)" : "after",
      ),
    )
    .join("\n");
}

export async function runAdminCommand(
  adapter: HostAdapter,
  command: AdminCommand,
  args: readonly string[],
  cliPath: string,
  io: Output = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
  env: Env = process.env,
): Promise<number> {
  const { scopes, defaultScope } = adapter.install;
  /** A failure: its words on stderr and, under --json (asked for anywhere on the line), `{"error"}` on stdout. */
  const fail = (code: number, message: string): number => {
    // The hint in parentheses (where the help is) is for a person.
    const error = message
      .split("\n")
      .filter((line) => !line.startsWith("("))
      .join("\n");
    if (args.includes("--json")) io.out(`${JSON.stringify({ error })}\n`);
    io.err(`${message}\n`);
    return code;
  };
  let values: {
    scope: string;
    project?: string;
    "dry-run": boolean;
    json: boolean;
    help: boolean;
    purge: boolean;
    "no-status-line": boolean;
    strict: boolean;
    "no-strict": boolean;
  };
  const options = {
    ...ADMIN_OPTIONS[command],
    scope: { type: "string", default: defaultScope },
    json: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  } as const satisfies CommandOptions;
  try {
    values = parseArgs({ args: [...args], options }).values as typeof values;
  } catch (error) {
    return fail(
      2,
      `${adapter.bin} ${command}: ${argumentProblem(error as Error, options)}\n(${adapter.bin} --help for the commands and their options)`,
    );
  }
  if (values.help) {
    io.out(hostCliUsage(adapter, adapterVersion(cliPath)));
    return 0;
  }
  const scope = values.scope;
  if (!scopes.includes(scope)) {
    return fail(2, `${adapter.bin} ${command}: --scope must be one of ${scopes.join(", ")}`);
  }
  const projectDir = resolve(
    values.project ?? (adapter.projectDirVariable ? env[adapter.projectDirVariable] : undefined) ?? process.cwd(),
  );
  if (command === "doctor") {
    const checks = runDoctor({ adapter, projectDir, cliPath, env });
    io.out(
      values.json
        ? `${JSON.stringify({ host: adapter.id, ok: checks.every((check) => check.ok), checks }, null, 2)}\n`
        : formatDoctor(checks),
    );
    return checks.every((check) => check.ok) ? 0 : 1;
  }

  // npx runs packages from a cache npm cleans at will: hooks pointing there would break later.
  if (command === "install" && /[\\/]_npx[\\/]/.test(cliPath)) {
    return fail(
      1,
      `${adapter.bin} install: this copy runs from npx's temporary cache (${cliPath}); hooks pointing there would break when npm cleans it. Install the package first (npm install -g <package>), then run \`${adapter.bin} install\`.`,
    );
  }
  const strict = values.strict ? true : values["no-strict"] ? false : undefined;
  if (strict !== undefined && command === "install") {
    const refused = strictRefused(adapter, scope, strict);
    if (refused) {
      return fail(1, `${adapter.bin} install: ${refused}; nothing was changed.`);
    }
  }
  const root = adapter.stateRoot(env);
  const dryRun = values["dry-run"];
  try {
    const targets = installTargets(adapter, {
      scope,
      projectDir,
      cliPath,
      env,
      statusLine: !values["no-status-line"],
      ...(strict === undefined ? {} : { strict }),
    });
    const changes = command === "install" ? planInstall(targets) : planUninstall(targets);
    // For scripts (and the goalpost CLI): what changed, as data.
    const json = (written: readonly FileChange[], extra: Record<string, unknown> = {}) =>
      io.out(
        `${JSON.stringify(
          {
            host: adapter.id,
            command,
            scope,
            dryRun,
            changes: written.map((entry) => ({
              path: entry.path,
              action: entry.before === null ? "created" : entry.after === null ? "removed" : "updated",
              description: entry.description,
            })),
            ...extra,
          },
          null,
          2,
        )}\n`,
      );
    // Nothing of goalpost's left in the host's files, but its goal records asked to go as well.
    const lastOut = () =>
      !scopes.some((other) => targetsPresent(installTargets(adapter, { scope: other, projectDir, cliPath, env })));
    if (changes.length === 0 && command === "uninstall" && values.purge && !dryRun && lastOut()) {
      const { keptYours } = tidyAfterUninstall([], root, env, { purge: true });
      io.out(
        values.json
          ? `${JSON.stringify({ host: adapter.id, command, purged: root, keptYours })}\n`
          : keptYours.length > 0
            ? `goal records purged from ${root}; ${keptYoursLine(keptYours)}`
            : `removed ${root}: goal records purged\n`,
      );
      return 0;
    }
    if (changes.length === 0 && values.json) json([]);
    else if (changes.length === 0) {
      io.out(
        command === "install"
          ? `goalpost is already installed (${scope} scope); nothing to change.\n`
          : `goalpost is not installed in ${scope} scope; nothing to remove.\n`,
      );
      return 0;
    }
    if (changes.length === 0) return 0;
    if (dryRun) {
      if (values.json) json(changes, { diff: await showDiff(changes) });
      else {
        // What changes first, one line a file; then the exact diff.
        const summary = changes.map(
          (entry) =>
            `would ${entry.before === null ? "create" : entry.after === null ? "remove" : "update"} ${entry.path}: ${entry.description}`,
        );
        io.out(`${summary.join("\n")}\n\n${await showDiff(changes)}\n(dry run: nothing was written)\n`);
      }
      return 0;
    }
    // Nothing is written unless all of it can be: one clear line for a folder this user cannot write.
    const blocked = unwritableFolder([...changes.map((entry) => entry.path), join(root, "state")]);
    if (blocked) {
      return fail(
        1,
        `${adapter.bin} ${command}: cannot write in ${blocked.folder} (${blocked.reason}); nothing was changed. Make it writable for you, then run \`${userCommand(adapter, command, env)}\` again.`,
      );
    }
    // The folders this install creates, recorded so that uninstall takes them out again (footprint.ts).
    const created = command === "install" ? foldersToCreate(changes, root) : [];
    // A project's committed files keep no backup beside them: those would be committed too. Uninstall
    // writes none: it takes out only goalpost's entries, and install's backup still holds the original.
    const backups =
      command === "install" ? applyChanges(changes, isSharedScope(adapter, scope) ? join(root, "backups") : undefined) : [];
    if (command === "uninstall") applyChanges(changes, undefined, false);
    // The fast path's folder, with a marker for every goal already open (see core's open-goal-markers).
    if (command === "install") {
      ensureOpenMarkers(root);
      recordWithoutNode(adapter, root);
      recordCreatedFolders(root, created);
    }
    // The fast path's files serve every scope: they go only when no scope's files still run goalpost.
    // The folder earlier builds kept them in (with V8 start-up snapshots) goes with the first install.
    if (command === "install") rmSync(join(root, LEGACY_FAST_PATH_FOLDER), { recursive: true, force: true });
    // The last scope out: the home as it was, but for the goal records (kept and named unless --purge).
    const tidied = command === "uninstall" && lastOut() ? tidyAfterUninstall(changes, root, env, { purge: values.purge }) : null;
    // Whether a goal can close on goalpost's own run here: "on" is not the whole truth where it cannot.
    const sandbox = command === "install" ? sandboxCheck(cliPath, root) : null;
    if (values.json) {
      json(changes, {
        backups,
        ...(tidied ? { keptBackups: tidied.keptBackups, keptRecords: tidied.keptRecords, keptYours: tidied.keptYours } : {}),
        ...(sandbox ? { checkSandbox: { ok: sandbox.ok, detail: sandbox.detail } } : {}),
      });
      return 0;
    }
    for (const entry of changes)
      io.out(
        `${entry.after === null ? "removed" : command === "install" ? "updated" : "cleaned"} ${entry.path}: ${entry.description}\n`,
      );
    for (const backup of backups) io.out(`backup: ${backup}\n`);
    for (const backup of tidied?.keptBackups ?? [])
      io.out(`kept ${backup}: the file changed since goalpost was installed, so this copy of it from then stays\n`);
    if (tidied && tidied.keptRecords.length > 0)
      io.out(
        `kept your goal records in ${root} (${tidied.keptRecords.map((path) => path.slice(root.length + 1)).join(", ")}) and their entry in ${storeRegistryDir(env)}, where other hosts find them; \`${userCommand(adapter, "uninstall", env, "--purge")}\` removes them too\n`,
      );
    if (tidied && tidied.keptYours.length > 0) io.out(keptYoursLine(tidied.keptYours));
    const doctor = userCommand(adapter, "doctor", env);
    if (sandbox?.ok) io.out(`\ngoalpost is on. ${adapter.install.nextStep} \`${doctor}\` checks the wiring.\n`);
    else if (sandbox)
      io.out(
        `\ngoalpost is on, but ${sandbox.detail.replace(/^goalpost /, "it ")}\n${adapter.install.nextStep} \`${doctor}\` checks the wiring.\n`,
      );
    return 0;
  } catch (error) {
    if (GoalpostError.isInstance(error)) {
      return fail(1, `${adapter.bin} ${command}: ${error.message}`);
    }
    throw error;
  }
}
