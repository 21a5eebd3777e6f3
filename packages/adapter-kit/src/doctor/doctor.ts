// `<bin> doctor`: is goalpost wired into the host, and can it do its job? The kit's checks are the
// same for every host (Node, hooks and MCP entries in each scope, the MCP server answering, the hook
// command and the fast path, the state root, enforcement); the adapter adds its own. Each
// check says what it found and, when it fails, what to do.

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Env } from "@goalpost/core";
import { createGoalStore, loadEngineConfig } from "@goalpost/core";
import { collectNotifierFailure, killSwitchEngaged, OPEN_MARKERS } from "@goalpost/core/internal";
import { userCommand } from "../contract/descriptor.js";
import type { DoctorCheck, DoctorContext, HostAdapter } from "../contract/host-adapter.js";
import type { InstallTarget, OptionalPart } from "../contract/install-spec.js";
import { codeCachePath } from "../fast-path/code-cache.js";
import {
  HOOK_SERVER_VARIABLE,
  hookServerPidFile,
  hookServerSocket,
  hookServerWanted,
} from "../fast-path/hook-server-protocol.js";
import { readPathDrift, recentHookFaults } from "../hook/fault-records.js";
import { wiredLabels } from "../installing/config-changes.js";
import { readConfigFile } from "../installing/config-file.js";
import { fastEvents } from "../installing/fast-events.js";
import {
  FAST_PATH_FOLDER,
  hookBundlePath,
  hookCommand,
  hookEntryPath,
  hookScriptPath,
  shellHooksSupported,
  shellWord,
} from "../installing/hook-command.js";
import { installTargets } from "../installing/scope-targets.js";
import { unwritableFolder } from "../installing/writable.js";

/** A file's text, or null when it cannot be read. */
function readTextOrNull(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Starts `<bin> mcp`, initializes it and lists its tools over stdio, as a host does. */
function probeMcpServer(cliPath: string, env: Env): DoctorCheck {
  const requests = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "goalpost-doctor", version: "0" } },
    },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
  ];
  try {
    const output = execFileSync(process.execPath, [cliPath, "mcp"], {
      input: `${requests.map((request) => JSON.stringify(request)).join("\n")}\n`,
      env,
      stdio: "pipe",
      timeout: 15_000,
    });
    const tools = String(output)
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id?: number; result?: { tools?: { name: string }[] } })
      .find((message) => message.id === 2)
      ?.result?.tools?.map((tool) => tool.name);
    return tools?.length === 4
      ? { ok: true, label: "goal tools", detail: `the MCP server starts and offers ${tools.join(", ")}` }
      : { ok: false, label: "goal tools", detail: "the MCP server started but did not list the four goal tools" };
  } catch (error) {
    return {
      ok: false,
      label: "goal tools",
      detail: `the MCP server does not start: ${(error as Error).message.split("\n")[0]}`,
    };
  }
}

function nodeCheck(): DoctorCheck {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  return {
    ok: major > 20 || (major === 20 && minor >= 11),
    label: "Node.js",
    detail: `${process.versions.node} (needs ≥ 20.11)`,
  };
}

/** The parts a target's file may hold that the user can leave out (an unreadable file: none; wiring reports it). */
function optionalParts(target: InstallTarget): readonly OptionalPart[] {
  try {
    return target.optionalParts?.(readConfigFile(target.path, target.format).data) ?? [];
  } catch {
    return [];
  }
}

/** What a target's file says is wrong with goalpost's entries (an unreadable file: nothing here; wiring reports it). */
function targetProblems(target: InstallTarget): string[] {
  try {
    return target.problems?.(readConfigFile(target.path, target.format).data) ?? [];
  } catch {
    return [];
  }
}

/**
 * What else in the host's configuration answers goalpost's events (another tool's Stop hook): each
 * scope's files, each once. Listed, never a failure: a user's own notification hook is the common
 * case, and goalpost cannot tell what a hook will answer. One added during the agent's turn is a breach
 * (the integrity watch); this line is where the user sees them all.
 */
function otherHookChecks({ adapter, projectDir, cliPath, env }: DoctorContext): DoctorCheck[] {
  const seen = new Set<string>();
  const found: string[] = [];
  for (const scope of adapter.install.scopes)
    for (const target of installTargets(adapter, { scope, projectDir, cliPath, env })) {
      if (!target.rivals || seen.has(`${target.path}\0${target.label}`)) continue;
      seen.add(`${target.path}\0${target.label}`);
      let rivals: string[] = [];
      try {
        rivals = target.rivals(readConfigFile(target.path, target.format).data);
      } catch {}
      found.push(...rivals.map((rival) => `${rival} (${target.path})`));
    }
  if (found.length === 0) return [];
  return [
    {
      ok: true,
      label: "other hooks",
      detail: `${found.join("; ")}. Each runs beside goalpost's; if one is not yours, take it out.`,
    },
  ];
}

/** Not installed: what to run — or, where install could not write, what stands in its way. */
function notInstalled(install: string, paths: readonly string[]): string {
  const blocked = unwritableFolder(paths.slice(0, 1));
  return blocked
    ? `not installed, and install cannot write in ${blocked.folder} (${blocked.reason}): make it writable for you first`
    : `not installed: run \`${install}\``;
}

/** Where each of goalpost's parts (hooks, MCP server, …) is wired, by scope. */
function wiringChecks({ adapter, projectDir, cliPath, env }: DoctorContext): { checks: DoctorCheck[]; hooksWired: boolean } {
  const byLabel = new Map<string, string[]>();
  const labels = new Set<string>();
  const problems = new Map<string, string[]>();
  const paths = new Map<string, string[]>();
  for (const scope of adapter.install.scopes) {
    const targets = installTargets(adapter, { scope, projectDir, cliPath, env }).filter((target) => !target.record);
    for (const target of targets) {
      labels.add(target.label);
      paths.set(target.label, [...(paths.get(target.label) ?? []), target.path]);
    }
    for (const label of wiredLabels(targets)) byLabel.set(label, [...(byLabel.get(label) ?? []), scope]);
    for (const target of targets) {
      const found = targetProblems(target);
      if (found.length > 0) problems.set(target.label, [...(problems.get(target.label) ?? []), ...found]);
    }
  }
  const checks = [...labels].map((label) => {
    const scopes = byLabel.get(label) ?? [];
    const found = problems.get(label);
    if (found)
      return {
        ok: false,
        label,
        detail: `${found.join("; ")}. Running \`${userCommand(adapter, "install", env)}\` again repairs goalpost's own entries; a setting of yours named here is yours to change.`,
      };
    return scopes.length > 0
      ? {
          ok: true,
          label,
          detail: `${label === "hooks" ? `all ${adapter.install.hookEvents.length} events wired` : "registered"} in ${scopes.join(", ")} scope`,
        }
      : { ok: false, label, detail: notInstalled(userCommand(adapter, "install", env), paths.get(label) ?? []) };
  });
  return { checks, hooksWired: byLabel.has("hooks") };
}

/**
 * The parts the user may leave out (the status line): where each is, by scope, or what adds it — never
 * a failure, unless a setting of the user's in a later scope (the host's precedence) is what the host
 * shows in its place.
 */
function optionalPartChecks({ adapter, projectDir, cliPath, env }: DoctorContext): DoctorCheck[] {
  const parts = new Map<string, { found: string[]; absent: string; hiddenBy: string | null }>();
  for (const scope of adapter.install.scopes)
    for (const target of installTargets(adapter, { scope, projectDir, cliPath, env }))
      for (const part of optionalParts(target)) {
        const entry = parts.get(part.label) ?? { found: [], absent: part.absent, hiddenBy: null };
        if (part.found) {
          entry.found.push(`${part.found} in ${scope} scope`);
          entry.hiddenBy = null;
        } else if (part.other && entry.found.length > 0) entry.hiddenBy = `${target.path} (${scope} scope) sets ${part.other}`;
        parts.set(part.label, entry);
      }
  return [...parts].map(([label, { found, absent, hiddenBy }]) =>
    hiddenBy
      ? {
          ok: false,
          label,
          detail: `${found.join("; ")}, but ${hiddenBy}, which ${adapter.displayName} shows instead: goalpost's ${label} is not seen here`,
        }
      : { ok: true, label, detail: found.length > 0 ? found.join("; ") : absent },
  );
}

/** Whether the hook loader has made its code cache for this Node yet (see fast-path/code-cache.ts). */
function codeCacheNote(adapter: HostAdapter, cliPath: string, root: string): string {
  const cache = codeCachePath(join(root, FAST_PATH_FOLDER), hookBundlePath(adapter.bin, cliPath));
  return existsSync(cache)
    ? "Node runs it from the code cache the first one made"
    : "the first hook Node runs makes a code cache for the rest";
}

/** The hook's files beside the bin: the script the installed commands run, the loader and the bundle it runs. */
function hookFilesCheck(adapter: HostAdapter, cliPath: string, root: string): DoctorCheck {
  const files = [
    ...(shellHooksSupported() ? [hookScriptPath(adapter.bin, cliPath)] : []),
    hookEntryPath(adapter.bin, cliPath),
    hookBundlePath(adapter.bin, cliPath),
  ];
  const missing = files.filter((file) => !existsSync(file));
  return missing.length > 0
    ? {
        ok: false,
        label: "hook command",
        detail: `${missing.join(", ")} missing: this copy of ${adapter.bin} is damaged; install its package again`,
      }
    : { ok: true, label: "hook command", detail: `${files[0]} (${codeCacheNote(adapter, cliPath, root)})` };
}

/**
 * Runs the adapter's probe payload through the hook command as installed (the script, or the loader
 * on Windows) against a scratch state root, removed after, with no hook server. Throws if it fails.
 */
function probeHook(adapter: HostAdapter, cliPath: string, options: { env: Env; scratch: string; cwd: string }): void {
  const { event, payload } = adapter.probe;
  const loader = hookEntryPath(adapter.bin, cliPath);
  const [file, args] = shellHooksSupported()
    ? [
        "/bin/sh",
        [
          "-c",
          hookCommand(shellWord(dirname(cliPath)), adapter.bin, event, shellWord(options.scratch), {
            loginShell: adapter.install.loginShell,
          }),
        ],
      ]
    : [process.execPath, [loader, "hook", event]];
  try {
    execFileSync(file, args, {
      input: JSON.stringify({ ...payload, cwd: options.cwd }),
      stdio: "pipe",
      env: { ...options.env, GOALPOST_HOME: options.scratch, [HOOK_SERVER_VARIABLE]: "0" },
      timeout: 15_000,
    });
  } finally {
    rmSync(options.scratch, { recursive: true, force: true });
  }
}

function stateCheck(root: string, projectDir: string): DoctorCheck {
  try {
    mkdirSync(root, { recursive: true, mode: 0o700 });
    const probe = createGoalStore({ root: join(root, ".doctor-probe") });
    probe.update({ sessionId: "doctor", host: "doctor", cwd: projectDir }, (session) => {
      session.counters.prompts = 1;
    });
    rmSync(join(root, ".doctor-probe"), { recursive: true, force: true });
    // Goals hold the user's words and commands: only the user may read them.
    const mode = statSync(root).mode & 0o777;
    if ((mode & 0o077) !== 0)
      return {
        ok: false,
        label: "state",
        detail: `${root} is writable but readable by others (mode ${mode.toString(8)}): run \`chmod 700 ${root}\``,
      };
    return { ok: true, label: "state", detail: `${root} is writable and private` };
  } catch (error) {
    const blocked = unwritableFolder([join(root, "state")]);
    return {
      ok: false,
      label: "state",
      detail: blocked
        ? `${root} cannot be written: ${blocked.folder} is not writable (${blocked.reason})`
        : `${root} is not writable: ${(error as Error).message}`,
    };
  }
}

function hookRunCheck({ adapter, projectDir, cliPath, env }: DoctorContext, root: string): DoctorCheck {
  try {
    probeHook(adapter, cliPath, { env, scratch: join(root, ".doctor-probe-run"), cwd: projectDir });
    return { ok: true, label: "hook run", detail: `a ${adapter.probe.event} hook ran and answered` };
  } catch (error) {
    return { ok: false, label: "hook run", detail: `the hook command failed: ${(error as Error).message.split("\n")[0]}` };
  }
}

/** The hook server (hook-server.ts): off, listening, or to be started by the next hook. */
function hookServerCheck(adapter: HostAdapter, env: Env, root: string): DoctorCheck {
  const label = "hook server";
  if (!hookServerWanted(env))
    return {
      ok: true,
      label,
      detail: `off${env[HOOK_SERVER_VARIABLE] === "0" ? ` (${HOOK_SERVER_VARIABLE}=0)` : " on this platform"}: every hook runs in its own process`,
    };
  const socket = hookServerSocket(join(root, FAST_PATH_FOLDER), adapter.bin);
  const pid = Number(readTextOrNull(hookServerPidFile(socket)));
  let running = false;
  try {
    running = existsSync(socket) && pid > 0 && process.kill(pid, 0);
  } catch {}
  return {
    ok: true,
    label,
    detail: running
      ? `running (pid ${pid}, ${socket}): hooks go to it; it ends after ten idle minutes`
      : `not running: the next hook starts it (${HOOK_SERVER_VARIABLE}=0 keeps every hook in its own process)`,
  };
}

/**
 * The no-goal fast path: with `<root>/open` present and empty, the fast events' hooks answer without
 * starting Node. Missing, every hook starts Node (slower, never wrong) until install recreates it.
 */
function fastPathCheck(adapter: HostAdapter, root: string): DoctorCheck {
  const fast = fastEvents(adapter);
  if (fast.length === 0 || !shellHooksSupported())
    return { ok: true, label: "fast path", detail: "not used on this platform or host" };
  const markers = join(root, OPEN_MARKERS);
  if (!existsSync(markers))
    return {
      ok: false,
      label: "fast path",
      detail: `${markers} is missing: every hook starts Node. Run \`${userCommand(adapter, "install")}\` again.`,
    };
  const open = readdirSync(markers).length;
  return {
    ok: true,
    label: "fast path",
    detail:
      open === 0
        ? `no goal open: ${fast.join(", ")} answer without starting Node`
        : `${open} session(s) with a goal open: their hooks start Node, as they must`,
  };
}

/** Whether goalpost can run a goal's checks in its sandbox here (`<bin> verify --probe`); install says it too. */
export function sandboxCheck(cliPath: string, root: string): DoctorCheck {
  const label = "check sandbox";
  const run = spawnSync(process.execPath, [cliPath, "verify", "--probe"], { encoding: "utf8", timeout: 30_000 });
  try {
    const probe = JSON.parse(run.stdout) as { ok: boolean; detail: string };
    if (probe.ok) return { ok: true, label, detail: `goalpost runs a goal's checks in ${probe.detail}` };
    const linux = process.platform === "linux" ? " On Debian or Ubuntu: apt-get install bubblewrap." : "";
    return {
      ok: false,
      label,
      detail: `goalpost cannot sandbox a goal's checks here (${probe.detail}), so it runs none without your word: you answer \`goal: accept\` when a goal asks, or set "unsandboxedChecks": "allow" in ${join(root, "config.json")}.${linux}`,
    };
  } catch {
    return {
      ok: false,
      label,
      detail: `goalpost could not tell whether it can sandbox a goal's checks here: the probe did not answer (${(run.stderr || run.error?.message || "no output").split("\n")[0]})`,
    };
  }
}

/**
 * What hooks met in the last day: faults (answered "no decision", or a stop refused from what could be
 * read), breaches (what was done to goalpost that it saw and could not prevent), and two copies.
 */
function hookFaultChecks(root: string): DoctorCheck[] {
  collectNotifierFailure(root);
  const { faults, breaches, twoCopies, problems } = recentHookFaults(root);
  const last = faults.at(-1);
  const checks: DoctorCheck[] = [
    last
      ? {
          ok: false,
          label: "hook errors",
          detail: `${faults.length} in the last day; the last at ${last.at} (${last.event}): ${last.message} If it repeats, fix what it names, reinstall, or report it.`,
        }
      : { ok: true, label: "hook errors", detail: "none in the last day" },
    breaches.length > 0
      ? {
          ok: false,
          label: "breaches",
          detail: `${breaches.length} in the last day; the last at ${breaches.at(-1)!.at}: ${breaches.at(-1)!.message} See goalpost's threat model (core's README) for what each host's walls stop.`,
        }
      : { ok: true, label: "breaches", detail: "none seen in the last day" },
    // What the user turned on that failed (their notifier, desktop notifications): nothing shows it otherwise.
    ...(problems.length > 0
      ? [
          {
            ok: false,
            label: "notifications",
            detail: `${problems.length} problem${problems.length === 1 ? "" : "s"} in the last day; the last at ${problems.at(-1)!.at}: ${problems.at(-1)!.message}`,
          },
        ]
      : []),
  ];
  // A debug line, not a failure: the host renamed a tool's path field, and its files miss the working context.
  const drift = readPathDrift(root);
  if (drift.length > 0)
    checks.push({
      ok: true,
      label: "tool arguments",
      detail: `${drift.map((seen) => `${seen.message} (first seen ${seen.at})`).join("; ")}. The host may have renamed a field: report it with this line.`,
    });
  if (twoCopies)
    checks.push({
      ok: false,
      label: "copies",
      detail: `two copies of goalpost answer this host's hooks into one state root: ${twoCopies.join(" and ")}. Each event is counted once, but every hook runs twice: keep one (uninstall the other, or disable the plugin).`,
    });
  return checks;
}

function enforcementCheck(root: string, env: Env): DoctorCheck {
  const config = loadEngineConfig(root, env);
  return {
    ok: true,
    label: "enforcement",
    detail: killSwitchEngaged(root, env)
      ? "DISABLED by GOALPOST_DISABLED or the `disabled` file: every hook is a no-op"
      : `${config.enforcement} (drift warn at ${config.driftWarnAt}, deny at ${config.driftDenyAt})`,
  };
}

/** The outermost directory of `path` that does not exist yet (what probing it would create), or null. */
function firstMissing(path: string): string | null {
  let missing: string | null = null;
  for (let dir = path; !existsSync(dir); dir = dirname(dir)) {
    missing = dir;
    if (dirname(dir) === dir) break;
  }
  return missing;
}

export function runDoctor(context: DoctorContext): DoctorCheck[] {
  const { adapter, env } = context;
  const root = adapter.stateRoot(env);
  // Probing writes into the state root; a doctor run leaves no folder behind that was not there (a
  // host's home created by doctor would make the host look present).
  const missing = firstMissing(root);
  try {
    return doctorChecks(context, root);
  } finally {
    if (missing) rmSync(missing, { recursive: true, force: true });
  }
}

function doctorChecks(context: DoctorContext, root: string): DoctorCheck[] {
  const { adapter, cliPath, env } = context;
  const wiring = wiringChecks(context);
  return [
    nodeCheck(),
    ...wiring.checks,
    ...optionalPartChecks(context),
    ...otherHookChecks(context),
    probeMcpServer(cliPath, env),
    hookFilesCheck(adapter, cliPath, root),
    stateCheck(root, context.projectDir),
    hookRunCheck(context, root),
    ...(wiring.hooksWired ? [fastPathCheck(adapter, root), hookServerCheck(adapter, env, root)] : []),
    sandboxCheck(cliPath, root),
    ...hookFaultChecks(root),
    enforcementCheck(root, env),
    ...(adapter.doctorChecks?.(context) ?? []),
  ];
}

export function formatDoctor(checks: readonly DoctorCheck[]): string {
  return checks.map((check) => `${check.ok ? "✓" : "✗"} ${check.label}: ${check.detail}\n`).join("");
}
