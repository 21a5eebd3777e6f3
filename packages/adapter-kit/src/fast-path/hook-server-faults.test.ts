// The hook server as faults come (hook-server.ts, hook-server-client.ts, hook-client.pl): a server
// stopped, a listener that never answers, an accept queue full, a session lock held elsewhere, a
// start that died, a host that closed its end, a hook run twice. Real hooks of the example host as
// child processes, real servers; each hook must answer well within the host's timeout, be counted
// once, and a stop with a goal open must still be refused.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { alive, killStartedServers, serverCopy, trackServer, waitFor } from "../__fixtures__/server-copy.js";
import { readHookFaults, readTwoCopies, recentHookFaults } from "../hook/fault-records.js";
import { removeTestdirs } from "../testing/index.js";

const hasPerl = spawnSync("perl", ["-e", "0"]).status === 0;
const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  killStartedServers();
  removeTestdirs();
});

const openGoal = { prompt: "/goal Make the CSV importer stream files" };
const shell = (command: string) => ({ tool: "sh", args: { command } });
/** Well within any host's hook timeout (goalpost installs 10–15 s); the work itself takes ~5 ms. */
const PROMPT_MS = 4_000;

type Copy = ReturnType<typeof serverCopy>;
type Client = "hook" | "perlHook";
const clients: Client[] = hasPerl ? ["hook", "perlHook"] : ["hook"];

/** A goal open and a server listening, with drift limits out of the way so every call is counted. */
async function withServer(): Promise<Copy & { pid: number }> {
  const pkg = serverCopy();
  pkg.hook("user_prompt", openGoal);
  writeFileSync(join(pkg.state, "config.json"), JSON.stringify({ driftWarnAt: 1000, driftDenyAt: 1000 }));
  const pid = await waitFor(pkg.serverPid, "the server");
  return { ...pkg, pid };
}

/** A goal open, and its real server killed outright with its socket removed: the place is free for a stand-in. */
async function serverGone(): Promise<Copy> {
  const pkg = serverCopy();
  pkg.hook("user_prompt", openGoal);
  const real = await waitFor(pkg.serverPid, "the server");
  process.kill(real, "SIGKILL");
  await waitFor(() => !alive(real), "the server to die");
  rmSync(pkg.socket, { force: true });
  return pkg;
}

/** Runs `run`, returning what it returned and how long it took. */
function timed<T>(run: () => T): { value: T; ms: number } {
  const started = Date.now();
  const value = run();
  return { value, ms: Date.now() - started };
}

/** A process listening at `socket` that takes connections (or, with `accept` false, not even that) and never answers. */
async function silentListener(socket: string, accept: boolean) {
  const folder = join(socket, "..");
  const name = socket.split("/").pop()!;
  const child = accept
    ? spawn(
        process.execPath,
        [
          "-e",
          `process.chdir(process.argv[1]);const held=[];require("net").createServer((c)=>{c.on("error",()=>{});held.push(c)}).listen(process.argv[2],()=>console.log("up"))`,
          folder,
          name,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      )
    : spawn(
        "perl",
        [
          "-e",
          `use Socket; chdir $ARGV[0]; socket(my $s, AF_UNIX, SOCK_STREAM, 0); bind($s, pack_sockaddr_un($ARGV[1])) or die; listen($s, 1); $| = 1; print "up\n"; sleep 60`,
          folder,
          name,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
  children.push(child);
  await new Promise((resolve) => child.stdout!.once("data", resolve));
  return child;
}

describe.skipIf(process.platform === "win32")("the hook server, faulted", { timeout: 90_000 }, () => {
  for (const client of clients) {
    it(`stopped (SIGSTOP): a hook through ${client === "hook" ? "the loader" : "Perl"} answers within a second or two, counted once; the server is retired and a fresh one starts`, async () => {
      const pkg = await withServer();
      const before = pkg.session()!.counters.toolCalls;
      process.kill(pkg.pid, "SIGSTOP");
      const { value: first, ms } = timed(() => pkg[client]("before_tool", shell("node build.js")));
      expect(first.status, first.stderr).toBe(0);
      expect(ms).toBeLessThan(PROMPT_MS);
      await waitFor(() => !alive(pkg.pid), "the stopped server to be killed");
      const fresh = await waitFor(pkg.serverPid, "a fresh server");
      expect(fresh).not.toBe(pkg.pid);
      const blocked = timed(() => pkg[client]("stop", {}));
      expect(JSON.parse(blocked.value.stdout)).toMatchObject({ block: expect.any(String) });
      expect(pkg.session()!.counters.toolCalls).toBe(before + 1);
    });
  }

  it("replays nothing when a stopped server resumes: requests past their client's deadline are dropped unrun", async () => {
    const pkg = await withServer();
    const before = pkg.session()!.counters.toolCalls;
    process.kill(pkg.pid, "SIGSTOP");
    // Clients that give up on it without retiring it (no pid to act on), then the server resumes.
    rmSync(join(pkg.fastPathDir, "goalpost-acme-hooks.pid"));
    for (let i = 0; i < 3; i++) expect(pkg.hook("before_tool", shell(`node part-${i}.js`)).status).toBe(0);
    process.kill(pkg.pid, "SIGCONT");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pkg.session()!.counters.toolCalls).toBe(before + 3);
  });

  for (const client of clients) {
    it(`a listener that takes the hook and never answers, through ${client === "hook" ? "the loader" : "Perl"}: answered within a second or two, its socket removed`, async () => {
      const pkg = await serverGone();
      await silentListener(pkg.socket, true);
      const { value: blocked, ms } = timed(() => pkg[client]("stop", {}));
      expect(ms).toBeLessThan(PROMPT_MS);
      expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
      // Its socket was moved out of the way: the next hook starts a real server.
      await waitFor(() => pkg.serverPid() !== undefined, "a real server");
    });
  }

  for (const client of clients) {
    it(`a server of an earlier protocol, left running by an upgrade, through ${client === "hook" ? "the loader" : "Perl"}: retired by the first hook that meets it, and the next hook has a server of this one`, async () => {
      const pkg = await serverGone();
      // An earlier goalpost's server, as an upgrade leaves it: started from the loader's path as goalpost
      // starts one (`node <loader> serve-hooks`, so the clients' identity check takes it for goalpost's),
      // reading this protocol's call as none of its own; then the files are upgraded under it.
      const loader = readFileSync(pkg.loader);
      writeFileSync(
        pkg.loader,
        `process.chdir(${JSON.stringify(join(pkg.socket, ".."))});require("net").createServer((c)=>{c.on("error",()=>{});c.end("refused not a goalpost hook call\\n")}).listen(${JSON.stringify(pkg.socket.split("/").pop())},()=>console.log("up"))`,
      );
      const old = spawn(process.execPath, [pkg.loader, "serve-hooks"], { stdio: ["ignore", "pipe", "inherit"] });
      children.push(old);
      await new Promise((resolve) => old.stdout!.once("data", resolve));
      writeFileSync(pkg.loader, loader);
      writeFileSync(join(pkg.fastPathDir, "goalpost-acme-hooks.pid"), `${old.pid}\n`);
      const { value: blocked, ms } = timed(() => pkg[client]("stop", {}));
      expect(ms).toBeLessThan(PROMPT_MS);
      expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
      await waitFor(() => !alive(old.pid!), "the old server to be retired");
      const fresh = await waitFor(() => pkg.serverPid() !== old.pid && pkg.serverPid(), "a server of this protocol");
      expect(fresh).not.toBe(old.pid);
    });
  }

  it("hands the server no variable that looks like a secret: the loader's client, to a listener that records what it gets", async () => {
    const pkg = await serverGone();
    const record = join(pkg.root, "received");
    const listener = spawn(
      process.execPath,
      [
        "-e",
        // It records the request file its call names, as the server reads it.
        `const fs = require("fs"); process.chdir(process.argv[1]); require("net").createServer((c) => c.on("error", () => {}).on("data", (d) => { const id = String(d).trim().split(" ")[1]; if (id) fs.appendFileSync(process.argv[3], fs.readFileSync(id + ".hook")); })).listen(process.argv[2], () => console.log("up"))`,
        pkg.fastPathDir,
        "goalpost-acme-hooks.sock",
        record,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(listener);
    await new Promise((resolve) => listener.stdout!.once("data", resolve));
    writeFileSync(join(pkg.fastPathDir, "goalpost-acme-hooks.pid"), `${listener.pid}\n`);
    const secrets = {
      MY_API_KEY: "k-1-secret",
      GITHUB_TOKEN: "t-2-secret",
      DB_PASSWORD: "p-3-secret",
      AWS_SECRET_ACCESS_KEY: "a-4-secret",
    };
    const stop = pkg.hook("stop", {}, { ...secrets, GOALPOST_ENFORCEMENT: "enforce", ACME_HOME: pkg.root });
    expect(JSON.parse(stop.stdout)).toMatchObject({ block: expect.any(String) });
    const received = readFileSync(record, "utf8");
    expect(received).toContain("GOALPOST_ENFORCEMENT=enforce");
    expect(received).toContain(`ACME_HOME=${pkg.root}`);
    for (const value of Object.values(secrets)) expect(received).not.toContain(value);
    // The Perl client leaves out the same names: its pattern is this one.
    const { SECRET_VARIABLE } = await import("./hook-request.js");
    expect(readFileSync(pkg.perlClient, "utf8")).toContain(`!/${SECRET_VARIABLE.source}/i`);
  });

  it("runs only requests written into goalpost's folder: a call from a process that could not write there is refused, and the user told at their next prompt", async () => {
    const pkg = serverCopy();
    pkg.hook("user_prompt", openGoal);
    await waitFor(pkg.serverPid, "the server");
    // What a command in the agent's sandbox can do when it can connect but not write: name a request.
    const call = (line: string) =>
      spawnSync(
        process.execPath,
        [
          "-e",
          `process.chdir(process.argv[1]); const c = require("net").connect(process.argv[2]); let got = ""; c.on("data", (d) => (got += d)); c.on("close", () => process.stdout.write(got)); c.write(Buffer.from(process.argv[3], "base64"));`,
          pkg.fastPathDir,
          "goalpost-acme-hooks.sock",
          Buffer.from(line).toString("base64"),
        ],
        { encoding: "utf8", timeout: 10_000 },
      ).stdout;
    expect(call("goalpost-hook/3 12-forged-request\n")).toBe("refused no such request\n");
    // A name that would be a path elsewhere is not a call at all.
    expect(call("goalpost-hook/3 ../../open/x\n")).toMatch(/^refused not a goalpost hook call/);
    // The old protocol, whole request on the socket, is no longer run either.
    expect(call("goalpost-hook/2\0user_prompt\0")).toMatch(/^refused not a goalpost hook call/);
    expect(pkg.session()!.goals.filter((goal) => goal.closedAt === null)).toHaveLength(1);
    // Told once, at the next prompt, in what the user sees; kept for doctor and status.
    const next = pkg.hook("user_prompt", { prompt: "go on" });
    expect(next.stderr).toMatch(
      /^goalpost: a hook request came through goalpost's socket .*could not write goalpost's folder.*refused/m,
    );
    expect(pkg.hook("user_prompt", { prompt: "and on" }).stderr).not.toMatch(/could not write goalpost's folder/);
    expect(recentHookFaults(pkg.state).breaches.map((breach) => breach.told)).toEqual([true]);
    // The real hooks' request files are gone once answered.
    expect(readdirSync(pkg.fastPathDir).filter((name) => name.endsWith(".hook"))).toEqual([]);
  });

  it.skipIf(!hasPerl)("an accept queue that is full: Perl's connect() is cut by the same deadline", async () => {
    const pkg = await serverGone();
    await silentListener(pkg.socket, false);
    // Fill the queue: connections nobody accepts, kept open.
    const filler = spawn(
      "perl",
      [
        "-e",
        `use Socket; chdir $ARGV[0]; for (1..8) { socket(my $s, AF_UNIX, SOCK_STREAM, 0); my $f = fcntl($s, 4, 2048); connect($s, pack_sockaddr_un($ARGV[1])); push @k, $s } print "full\\n"; $| = 1; sleep 60`,
        pkg.fastPathDir,
        "goalpost-acme-hooks.sock",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(filler);
    await new Promise((resolve) => filler.stdout.once("data", resolve));
    const { value: blocked, ms } = timed(() => pkg.perlHook("stop", {}));
    expect(ms).toBeLessThan(PROMPT_MS);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
  });

  it.skipIf(!hasPerl || process.platform !== "linux")(
    "an impostor at the socket that answers every hook 'no decision' gets none: the stop is refused and the user told",
    async () => {
      const pkg = await serverGone();
      // What an agent's helper would bind there: a listener that lets every stop through.
      const impostor = spawn(
        process.execPath,
        [
          "-e",
          `process.chdir(process.argv[1]); require("net").createServer((c) => { c.on("error", () => {}); c.on("data", () => c.end("ok 2 0\\n{}")); }).listen(process.argv[2], () => console.log("up"))`,
          pkg.fastPathDir,
          "goalpost-acme-hooks.sock",
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      children.push(impostor);
      await new Promise((resolve) => impostor.stdout!.once("data", resolve));
      writeFileSync(join(pkg.fastPathDir, "goalpost-acme-hooks.pid"), `${impostor.pid}\n`);
      const { value: stop, ms } = timed(() => pkg.perlHook("stop", {}));
      expect(ms).toBeLessThan(PROMPT_MS);
      expect(JSON.parse(stop.stdout)).toMatchObject({ block: expect.any(String) });
      expect(stop.stderr).toMatch(/answered by a process that is not goalpost's server \(pid \d+ runs .*-e/);
      expect(existsSync(pkg.socket)).toBe(false);
      const faults = readHookFaults(pkg.state);
      expect(faults.map((fault) => fault.message).join("\n")).toMatch(/not goalpost's server/);
      expect(alive(impostor.pid!)).toBe(true); // not goalpost's to kill
      // The next hook starts a real server again.
      await waitFor(pkg.serverPid, "a real server");
    },
  );

  it("never waits on one session's lock: the server answers busy, that hook runs itself, other sessions' hooks go on at once", async () => {
    const pkg = await withServer();
    // Session s-2 with a goal, then its lock held by a live process (this test's).
    pkg.hook("user_prompt", { ...openGoal, session: "s-2" });
    mkdirSync(join(pkg.state, "locks"), { recursive: true });
    writeFileSync(join(pkg.state, "locks", "s-2.lock"), `${process.pid} ${Date.now()} held`);
    const stuck = Array.from({ length: 3 }, () =>
      spawn(process.execPath, [pkg.loader, "hook", "stop"], { env: pkg.env, cwd: pkg.project }),
    );
    const answers = stuck.map(
      (child) =>
        new Promise<string>((resolve) => {
          let out = "";
          child.stdout.on("data", (chunk: Buffer) => {
            out += chunk.toString();
          });
          child.on("close", () => resolve(out));
          child.stdin.end(pkg.payload("stop", { session: "s-2" }));
        }),
    );
    children.push(...stuck);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const other = timed(() => pkg.hook("stop", {}));
    expect(other.ms).toBeLessThan(1_500);
    expect(JSON.parse(other.value.stdout)).toMatchObject({ block: expect.any(String) });
    expect(pkg.serverPid()).toBe(pkg.pid); // busy is not a fault: the server stays
    // The stuck session's stops, once their own wait for the lock ran out, are still refused: its goal is open.
    for (const answer of await Promise.all(answers)) expect(JSON.parse(answer)).toMatchObject({ block: expect.any(String) });
  });

  it("a start that died (a server killed while warming up) holds nothing up: its lock is judged by its owner's life", async () => {
    const pkg = serverCopy();
    mkdirSync(pkg.fastPathDir, { recursive: true });
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    writeFileSync(`${pkg.socket}.starting`, `${Number(dead.stdout)}\n`);
    pkg.hook("user_prompt", openGoal);
    trackServer(await waitFor(pkg.serverPid, "a server, at once"));
  });

  it.skipIf(!hasPerl)("a host that closed its end of stdout: the hook is not run again (EPIPE), counted once", async () => {
    const pkg = await withServer();
    const before = pkg.session()!.counters.toolCalls;
    const closed = spawnSync(
      "/bin/sh",
      ["-c", `perl "$1" hook before_tool "$2" "$3" | true`, "sh", pkg.perlClient, pkg.socket, pkg.loader],
      { input: pkg.payload("before_tool", shell("node a.js")), env: pkg.env, cwd: pkg.project, encoding: "utf8" },
    );
    expect(closed.status).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pkg.session()!.counters.toolCalls).toBe(before + 1);
  });

  it("the same hook run twice (one request id through a fallback) is counted once and answered alike", async () => {
    const pkg = await withServer();
    const before = pkg.session()!.counters.toolCalls;
    const again = { GOALPOST_HOOK_REQUEST: "4242-test-once" };
    const first = pkg.hook("stop", {}, again);
    const second = pkg.hook("stop", {}, again);
    expect(second.stdout).toBe(first.stdout);
    expect(pkg.session()!.goals.at(-1)!.stopStreak.count).toBe(1);
    // Another hook with the same payload is the host's own repeat: it counts.
    pkg.hook("stop", {});
    expect(pkg.session()!.goals.at(-1)!.stopStreak.count).toBe(2);
    expect(pkg.session()!.counters.toolCalls).toBe(before);
  });

  it("two copies sharing a state root answer one host event once, and say so for doctor", async () => {
    const first = serverCopy();
    const second = serverCopy("", { env: { GOALPOST_HOME: first.state } });
    first.hook("user_prompt", openGoal);
    writeFileSync(join(first.state, "config.json"), JSON.stringify({ driftWarnAt: 1000, driftDenyAt: 1000 }));
    const before = first.session()!.counters.toolCalls;
    const payload = shell("node build.js");
    // The host runs both copies' commands for one event, with the same payload.
    const run = (loader: string) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [loader, "hook", "before_tool"], { env: first.env, cwd: first.project });
        child.on("close", resolve);
        child.stdin.end(first.payload("before_tool", payload));
      });
    expect(await Promise.all([run(first.loader), run(second.loader)])).toEqual([0, 0]);
    expect(first.session()!.counters.toolCalls).toBe(before + 1);
    const seen = readTwoCopies(first.state)!;
    expect(seen.copies.sort()).toEqual([first.bundle, second.bundle].sort());
    for (const pkg of [first, second]) {
      const pid = pkg.serverPid();
      if (pid) trackServer(pid);
    }
  });

  it("a second install folder never gets the first's old answer: a stop held while the goal was open goes through once it is cleared", async () => {
    const first = serverCopy();
    // goalpost installed again from another folder (an upgrade to a new path, a second checkout): one state root.
    const second = serverCopy("", { env: { GOALPOST_HOME: first.state } });
    first.hook("user_prompt", openGoal);
    const stop = { last_assistant_message: "done" };
    const held = first.hook("stop", stop);
    expect(held.stdout).toMatch(/"block"/);
    // Minutes pass: the claim is older than the moment two copies answer one event side by side.
    const claims = join(first.state, "hooks");
    for (const session of readdirSync(claims))
      for (const name of readdirSync(join(claims, session))) {
        const file = join(claims, session, name);
        const claim = JSON.parse(readFileSync(file, "utf8")) as { at?: number };
        writeFileSync(file, JSON.stringify({ ...claim, at: (claim.at ?? Date.now()) - 10 * 60_000 }));
      }
    first.hook("user_prompt", { prompt: "/goal clear" });
    // The same stop, byte for byte, now through the second install: decided afresh, not held.
    const after = spawnSync(process.execPath, [second.loader, "hook", "stop"], {
      input: first.payload("stop", stop),
      env: second.env,
      cwd: first.project,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(after.status).toBe(0);
    expect(after.stdout).not.toMatch(/"block"/);
    for (const pkg of [first, second]) {
      const pid = pkg.serverPid();
      if (pid) trackServer(pid);
    }
  });

  it("a hook in a folder removed since, with no Perl: one line on stderr at most, no stack trace, exit 0", () => {
    const pkg = serverCopy();
    const gone = join(pkg.root, "gone");
    mkdirSync(gone);
    // A PATH with what the script needs and no Perl.
    const tools = join(pkg.root, "tools");
    mkdirSync(tools);
    symlinkSync(process.execPath, join(tools, "node"));
    for (const tool of ["cat", "rmdir", "sh"]) {
      const found = spawnSync("/bin/sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
      symlinkSync(found, join(tools, tool));
    }
    const run = spawnSync(
      "/bin/sh",
      ["-c", `cd "$1" && rmdir "$1" && /bin/sh "$2" stop "$3"`, "sh", gone, pkg.script, pkg.state],
      {
        input: pkg.payload("stop", {}),
        env: { ...pkg.env, PATH: tools },
        encoding: "utf8",
      },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr.trim().split("\n").filter(Boolean).length).toBeLessThanOrEqual(1);
    expect(existsSync(gone)).toBe(false);
  });
});
