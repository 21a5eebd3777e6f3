// What a hook costs the agent, measured as the host pays it: goalpost installed into a fake home by the
// adapter's own `install` (the hook script and its no-goal fast path), each installed command
// line run through /bin/sh with the payload on stdin (and a committed settings file's command, the bin
// by name from PATH), each right after a bare `node -e 0` and counted as their ratio. "goal open" is
// the usual case, hooks answered by the hook server the first of them started; "no server" is the
// path without it (Node runs the hook, with GOALPOST_HOOK_SERVER=0); "first hook" the first of a
// server's life (Node runs it, then starts the server); "server killed" the first hook after a server
// was killed outright (its socket and pid file left behind), which should cost what "first hook" does;
// "server stopped" the first hook after a server stopped answering (SIGSTOP): the client's one
// deadline (~1 s) runs out, the server is retired and the hook runs itself — once, the next goes to a
// fresh server.
// NODE_EXTRA_CA_CERTS and NODE_OPTIONS are unset on both sides (the first adds ~30 ms to every Node
// start on some machines and would hide the hook's own cost). Beside the ratios: each hook's peak
// memory with a goal open and the characters it injects. Each adapter's bench/hook-startup.mjs gives
// its host's facts; this prints the table.

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { Env } from "@goalpost/core";
import { createGoalStore, createGoalTools } from "@goalpost/core";
import {
  HOOK_SERVER_VARIABLE,
  hookServerPidFile,
  hookServerSocket,
  removeServerFiles,
} from "../fast-path/hook-server-protocol.js";
import { FAST_PATH_FOLDER, sharedHookCommand } from "../installing/hook-command.js";

export interface HookBenchHost {
  /** The adapter's built bin. */
  readonly bin: string;
  readonly host: string;
  /** The environment of a fake home rooted at `home` (HOME, the host's config dir variable, …). */
  env(home: string): Env;
  /** goalpost's state root in that home. */
  stateRoot(home: string): string;
  /** The installed hook command per event, read from the host's configuration in that home. */
  commands(home: string): Record<string, string>;
  /** The payload for each measured row; the row name's first word is the event. */
  readonly payloads: Readonly<Record<string, Record<string, unknown>>>;
  readonly sessionId: string;
  readonly project: string;
  /**
   * The rows (names in `payloads`) that make a session for the context count: its start, a prompt, a
   * shell call before and after, a stop. Given, the bench also plays a whole session and prints how
   * many characters goalpost put into the model's context.
   */
  readonly session?: { start: string; prompt: string; before: string; after: string; stop: string };
}

/** What an answer puts before the model: context, a stop's reason, a denial's reason (every host's shape). */
function contextChars(stdout: string): number {
  if (!stdout) return 0;
  const answer = JSON.parse(stdout) as Record<string, unknown> & { hookSpecificOutput?: Record<string, unknown> };
  const texts = [
    answer.hookSpecificOutput?.["additionalContext"],
    answer.hookSpecificOutput?.["permissionDecisionReason"],
    answer.hookSpecificOutput?.["reason"],
    answer["additionalContext"],
    answer["permissionDecisionReason"],
    answer["reason"],
  ];
  return texts.reduce<number>((sum, text) => sum + (typeof text === "string" ? text.length : 0), 0);
}

/** The long session the server's memory is measured over: bursts of tool calls, a pause after each. */
const LONG_SESSION_BURSTS = 10;
const BURST_CALLS = 200;

/** Prompts in the session the bench plays, each with four shell calls and a stop (issue 32's scenario). */
const SESSION_PROMPTS = 50;

/**
 * The agents a session is played with, each in a home of its own with goalpost's default limits:
 * - "checks only": its calls are the user's checks (`npm test`) and it never updates the goal, with the
 *   drift and stop limits raised so every turn is alike (issue 32's scenario, the figures compared since).
 * - "cooperative": it reads twice, records its progress (goalpost_update), then runs the checks twice, every turn.
 * - "ignores goalpost": it reads and never updates the goal: warned of drift every turn, refused every stop.
 */
const SESSION_AGENTS = ["checks only", "cooperative", "ignores goalpost"] as const;
type SessionAgent = (typeof SESSION_AGENTS)[number];

/** A shell call's payload with its command replaced (every host's sample carries the command as given). */
function withCommand(payload: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const text = JSON.stringify(payload);
  if (!text.includes(JSON.stringify(from).slice(1, -1))) throw new Error(`the bench's shell payload does not carry "${from}"`);
  return JSON.parse(text.replaceAll(from, to)) as Record<string, unknown>;
}

/** A whole session: a start, then prompts with their calls and a stop; prints the characters put into the model's context. */
function playSession(
  host: HookBenchHost,
  rows: NonNullable<HookBenchHost["session"]>,
  agent: SessionAgent,
  home: { env: Env; stateRoot: string; commands: Record<string, string> },
  session: { sessionId: string; host: string; cwd: string },
): void {
  openRealisticGoal(home.stateRoot, session);
  // The others meet goalpost's default limits: drift warned and denied, stops refused.
  if (agent !== "checks only") rmSync(join(home.stateRoot, "config.json"));
  const tools = createGoalTools(createGoalStore({ root: home.stateRoot }));
  const answer = (row: string, payload = host.payloads[row]!) => {
    const run = spawnSync("/bin/sh", ["-c", home.commands[row.split(" ")[0]!]!], {
      input: JSON.stringify(payload),
      env: home.env,
      encoding: "utf8",
    });
    return contextChars(run.stdout);
  };
  const reading = withCommand(host.payloads[rows.before]!, "npm test", "cat README.md");
  const read = withCommand(host.payloads[rows.after]!, "npm test", "cat README.md");
  const spent = { start: answer(rows.start), prompts: 0, tools: 0, stops: 0 };
  for (let prompt = 0; prompt < SESSION_PROMPTS; prompt++) {
    spent.prompts += answer(rows.prompt);
    for (let call = 0; call < 4; call++) {
      // As its goalpost_update would (the MCP server writes the same store).
      if (agent === "cooperative" && call === 2)
        tools.update(session, { doneSoFar: [`Done in turn ${prompt + 1}: one more module streams`] });
      const checks = agent === "checks only" || (agent === "cooperative" && call >= 2);
      spent.tools += checks ? answer(rows.before) + answer(rows.after) : answer(rows.before, reading) + answer(rows.after, read);
    }
    spent.stops += answer(rows.stop);
  }
  const total = spent.start + spent.prompts + spent.tools + spent.stops;
  console.log(
    `context per session, an agent that ${agent === "checks only" ? "runs only the checks" : agent === "cooperative" ? "updates its goal every turn" : "ignores goalpost"} (${SESSION_PROMPTS} prompts, 4 shell calls and a stop each): ${total} characters — session start ${spent.start}, prompts ${spent.prompts}, tool calls ${spent.tools}, stops ${spent.stops}`,
  );
}

/** A goal of realistic size (10 requirements, 20 done items, 5 remaining, 3 issues). */
function openRealisticGoal(stateRoot: string, session: { sessionId: string; host: string; cwd: string }) {
  const tools = createGoalTools(createGoalStore({ root: stateRoot }));
  tools.open(session, {
    objective: "Make the CSV importer stream files of any size with constant memory and keep its public API",
    requirements: Array.from(
      { length: 10 },
      (_, i) => `Requirement ${i + 1}: the importer handles case ${i + 1} without buffering`,
    ),
    remaining: Array.from({ length: 5 }, (_, i) => `Remaining step ${i + 1}: finish part ${i + 1} of the rewrite`),
  });
  tools.update(session, {
    doneSoFar: Array.from({ length: 20 }, (_, i) => `Done ${i + 1}: rewrote module ${i + 1} as a stream stage`),
    discoveredIssues: [
      "issue 1: parser leaks a file handle",
      "issue 2: BOM breaks header detection",
      "issue 3: CRLF rows double count",
    ],
  });
  // Limits raised so every measured call takes the same path (read, decide, locked write), never a stall.
  writeFileSync(join(stateRoot, "config.json"), JSON.stringify({ driftWarnAt: 1e6, driftDenyAt: 1e6, stopBlockLimit: 1e6 }));
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The project the bench's sessions work in: a git checkout on `main`, as most projects are, so the
 * hooks read its branch as they do a user's (the issue a branch names). Removed when the bench ends.
 */
export function benchProject(): string {
  const project = mkdtempSync(join(tmpdir(), "goalpost-bench-project-"));
  mkdirSync(join(project, ".git"));
  writeFileSync(join(project, ".git", "HEAD"), "ref: refs/heads/main\n");
  writeFileSync(join(project, "README.md"), "# project\n");
  process.on("exit", () => rmSync(project, { recursive: true, force: true }));
  return project;
}

export function runHookBench(host: HookBenchHost, runs = Number(process.env["BENCH_RUNS"] ?? 15)): void {
  const work = mkdtempSync(join(tmpdir(), "goalpost-hook-bench-"));
  const cleanEnv = { ...process.env };
  delete cleanEnv["NODE_EXTRA_CA_CERTS"];
  delete cleanEnv["NODE_OPTIONS"];
  const install = (name: string, flags: string[], more: Env = {}) => {
    const home = join(work, name);
    mkdirSync(home, { recursive: true });
    const env = { ...cleanEnv, ...host.env(home), ...more };
    execFileSync(process.execPath, [host.bin, "install", ...flags], { env, stdio: "pipe" });
    return { env, stateRoot: host.stateRoot(home), commands: host.commands(home) };
  };
  // Without the hook server: the path a hook takes until the first one has started it (or with it off).
  const noServer = { [HOOK_SERVER_VARIABLE]: "0" };
  // A committed (shared-scope) settings file's command: the bin by name, linked on PATH as npm links it
  // (package.json's bin).
  const bySharedCommand = () => {
    const packageDir = join(dirname(host.bin), "..");
    const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
      name: string;
      bin: Record<string, string>;
    };
    const bin = basename(host.bin, ".js");
    const links = join(work, "bin");
    mkdirSync(links, { recursive: true });
    symlinkSync(join(packageDir, manifest.bin[bin]!), join(links, bin));
    const home = join(work, "shared");
    mkdirSync(home, { recursive: true });
    const env = { ...cleanEnv, ...host.env(home), PATH: `${links}:${cleanEnv["PATH"] ?? "/usr/bin:/bin"}` };
    const events = Object.keys(host.payloads).map((name) => name.split(" ")[0]!);
    const commands = Object.fromEntries(events.map((event) => [event, sharedHookCommand(bin, manifest.name, event)]));
    return { env, stateRoot: host.stateRoot(home), commands };
  };
  const session = { sessionId: host.sessionId, host: host.host, cwd: host.project };
  const playSessions = () => {
    if (host.session)
      for (const agent of SESSION_AGENTS) playSession(host, host.session, agent, install(`session-${agent}`, []), session);
  };
  // The context count alone (a few seconds), without the timings (minutes).
  if (process.env["BENCH_CONTEXT_ONLY"]) {
    playSessions();
    rmSync(work, { recursive: true, force: true });
    return;
  }
  const homes = {
    "no goal": install("no-goal", []),
    "goal open": install("goal-open", []),
    "goal open, no server": install("plain", [], noServer),
    "goal open, bin by name": bySharedCommand(),
    "goal open, first hook": install("first-hook", []),
    "goal open, server killed": install("server-killed", []),
    "goal open, server stopped": install("server-stopped", []),
  };
  for (const [state, home] of Object.entries(homes)) if (state !== "no goal") openRealisticGoal(home.stateRoot, session);

  const socketOf = (home: { stateRoot: string }) =>
    hookServerSocket(join(home.stateRoot, FAST_PATH_FOLDER), basename(host.bin, ".js"));
  const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  const awaitServer = (home: { stateRoot: string }) => {
    const socket = socketOf(home);
    for (let waited = 0; !existsSync(socket) && waited < 10_000; waited += 50) sleep(50);
    if (!existsSync(socket)) throw new Error(`no hook server listens at ${socket}`);
  };
  // A server killed outright (SIGKILL: nothing of it runs) leaves its socket and pid file behind:
  // made afresh before each of those runs. The server that run starts is killed as soon as it listens,
  // so that its warm-up never runs beside another measured hook.
  const killStartedServer = (home: { stateRoot: string }) => {
    const socket = socketOf(home);
    for (
      let waited = 0;
      waited < 10_000 && (existsSync(`${socket}.starting`) || !existsSync(hookServerPidFile(socket)));
      waited += 20
    )
      sleep(20);
    try {
      process.kill(Number(readFileSync(hookServerPidFile(socket), "utf8")), "SIGKILL");
    } catch {}
  };
  const leaveStaleSocket = (home: { stateRoot: string }) => {
    const socket = socketOf(home);
    rmSync(socket, { force: true });
    mkdirSync(dirname(socket), { recursive: true, mode: 0o700 });
    // Bound by its bare name from its folder, as the server binds it: a socket's address holds ~104 bytes.
    const dead = spawnSync(
      process.execPath,
      [
        "-e",
        `require("node:net").createServer().listen(${JSON.stringify(basename(socket))}, () => process.kill(process.pid, "SIGKILL"))`,
      ],
      { env: cleanEnv, cwd: dirname(socket) },
    );
    if (!existsSync(socket)) throw new Error(`no stale socket at ${socket}: ${dead.stderr}`);
    writeFileSync(hookServerPidFile(socket), `${dead.pid}\n`);
  };
  // A server that stops answering: the one listening (started by the previous run's fallback) is stopped.
  const stopServer = (home: { stateRoot: string }, round: number) => {
    if (round === -2) return; // the first warm-up run starts it
    awaitServer(home);
    const socket = socketOf(home);
    for (let waited = 0; !existsSync(hookServerPidFile(socket)) && waited < 10_000; waited += 20) sleep(20);
    process.kill(Number(readFileSync(hookServerPidFile(socket), "utf8")), "SIGSTOP");
  };
  const time = (command: string, input: string, env: Env) => {
    const start = process.hrtime.bigint();
    const result = spawnSync("/bin/sh", ["-c", command], { input, env, maxBuffer: 64 * 1024 * 1024 });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (result.status !== 0 || String(result.stderr).includes("goalpost:")) throw new Error(`${command}: ${result.stderr}`);
    return { ms, stdout: String(result.stdout) };
  };
  const bareMs = () => {
    const start = process.hrtime.bigint();
    spawnSync(process.execPath, ["-e", "0"], { env: cleanEnv });
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  // Each hook run is paired with a bare start just before it and counted as their ratio: on a shared
  // machine whose speed drifts from second to second, a pair sees the same machine, two medians do not.
  const ratios = new Map<string, number[]>();
  const injected = new Map<string, number>();
  const bare: number[] = [];
  for (let round = -2; round < runs; round++) {
    // The warm-up rounds started each home's hook server (off the hooks' path): measured once it listens.
    if (round === 0)
      for (const [state, home] of Object.entries(homes))
        if ((home.env as Env)[HOOK_SERVER_VARIABLE] !== "0" && state !== "goal open, first hook") awaitServer(home);
    for (const [name, payload] of Object.entries(host.payloads)) {
      for (const [state, home] of Object.entries(homes)) {
        const command = home.commands[name.split(" ")[0]!]!;
        const startsServer = state === "goal open, first hook" || state === "goal open, server killed";
        if (state === "goal open, server killed") leaveStaleSocket(home);
        if (state === "goal open, server stopped") stopServer(home, round);
        const reference = bareMs();
        const { ms, stdout } = time(command, JSON.stringify(payload), home.env);
        if (startsServer) killStartedServer(home);
        // The first hook of a server's life: none, nor its socket, before the next run either.
        if (state === "goal open, first hook") removeServerFiles(socketOf(home));
        if (round < 0) continue;
        bare.push(reference);
        const key = `${name}|${state}`;
        ratios.set(key, [...(ratios.get(key) ?? []), ms / reference]);
        // Context nested (Claude Code, Codex) or at the top level (Copilot CLI).
        // (A status line's answer is a line of text, not the host's JSON: nothing injected.)
        const answer = stdout.startsWith("{") ? JSON.parse(stdout) : {};
        const context = answer.hookSpecificOutput?.additionalContext ?? answer.additionalContext ?? "";
        injected.set(key, context.length);
      }
    }
  }
  // Peak memory in a separate, untimed pass: GNU time's %M is the largest resident set of the shell
  // and the Node it starts (Linux folds a waited-for child's peak into its parent's).
  const peakKb = (command: string, input: string, env: Env): number | undefined => {
    const result = spawnSync("/usr/bin/time", ["-f", "%M", "/bin/sh", "-c", command], {
      input,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const kb = Number(String(result.stderr).trim().split("\n").at(-1));
    return result.status === 0 && Number.isFinite(kb) ? kb : undefined;
  };
  const peakMb = (name: string, state: keyof typeof homes) => {
    const home = homes[state];
    const kb = peakKb(home.commands[name.split(" ")[0]!]!, JSON.stringify(host.payloads[name]), home.env);
    return kb === undefined ? "n/a" : Number((kb / 1024).toFixed(1));
  };
  const bareMedian = median(bare);
  const ratio = (key: string) => Number(median(ratios.get(key)!).toFixed(2));
  console.log(
    `${host.bin.split("/").at(-1)} installed hooks through /bin/sh vs bare \`node -e 0\` (median ${bareMedian.toFixed(1)} ms, peak ${((peakKb("node -e 0", "", cleanEnv) ?? Number.NaN) / 1024).toFixed(1)} MB); median ratio of ${runs} pairs, each hook run after a bare start; Node ${process.versions.node}, ${process.platform}-${process.arch}`,
  );
  console.table(
    Object.keys(host.payloads).map((name) => ({
      event: name,
      "no goal": ratio(`${name}|no goal`),
      "goal open": ratio(`${name}|goal open`),
      "goal open, no server": ratio(`${name}|goal open, no server`),
      "goal open, bin by name": ratio(`${name}|goal open, bin by name`),
      "goal open, first hook": ratio(`${name}|goal open, first hook`),
      "goal open, server killed": ratio(`${name}|goal open, server killed`),
      "goal open, server stopped": ratio(`${name}|goal open, server stopped`),
      "peak MB (goal open)": peakMb(name, "goal open"),
      "chars injected (goal open)": injected.get(`${name}|goal open`),
    })),
  );
  // The hook server's own memory, which the hooks above no longer carry each: resident, after the runs.
  const serverPid = Number(readFileSync(hookServerPidFile(socketOf(homes["goal open"])), "utf8"));
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${serverPid}/status`, "utf8"))?.[1]);
  console.log(`hook server (goal open): pid ${serverPid}, resident ${(rssKb / 1024).toFixed(1)} MB`);
  if (host.session) {
    // Its memory over a long session: tool calls in bursts with a pause after each, as a model's turns
    // come. Resident after the first burst (the server's code compiled and optimised by then) and at the end.
    const home = homes["goal open"];
    const row = host.session.before;
    const command = home.commands[row.split(" ")[0]!]!;
    const resident = () => {
      const pid = Number(readFileSync(hookServerPidFile(socketOf(home)), "utf8"));
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
    };
    const residents: number[] = [];
    for (let burst = 0; burst < LONG_SESSION_BURSTS; burst++) {
      for (let call = 0; call < BURST_CALLS; call++) time(command, JSON.stringify(host.payloads[row]), home.env);
      execFileSync("sleep", ["1.5"]);
      residents.push(resident());
    }
    console.log(
      `hook server over a long session (${LONG_SESSION_BURSTS * BURST_CALLS} tool calls, a pause after each ${BURST_CALLS}): resident ${residents[0]!.toFixed(1)} MB after the first ${BURST_CALLS}, ${residents.at(-1)!.toFixed(1)} MB at the end (most ${Math.max(...residents).toFixed(1)} MB)`,
    );
  }
  playSessions();
  rmSync(work, { recursive: true, force: true });
}
