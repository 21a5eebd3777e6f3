// A copy of the example host's built package whose hooks may go to its hook server, with its hooks run
// as real child processes (the loader, the Perl client, the installed script) and the server they
// start as a real detached process: the hook server's tests share it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createGoalStore } from "@goalpost/core";
import { BIN, packageCopy } from "./acme-copy.js";

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const started: number[] = [];

/** A server a test found some other way, to be killed after it. */
export const trackServer = (pid: number) => started.push(pid);

/** Kills every server a test started (call after each test). */
export function killStartedServers(): void {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
}


export const waitFor = async <T>(check: () => T | Promise<T>, what: string): Promise<NonNullable<T>> => {
  for (let waited = 0; ; waited += 50) {
    const value = await check();
    if (value) return value;
    if (waited > 15_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A copy of the built package whose hooks may go to its hook server; `stateIn` and `env` as packageCopy's. */
export function serverCopy(stateIn = "", options: { env?: Record<string, string> } = {}) {
  const pkg = packageCopy({ stateIn, ...options });
  const { env, project, payload, fastPathDir } = pkg;
  const socket = join(fastPathDir, `${BIN}-hooks.sock`);
  const args = (event: string) => [pkg.loader, "hook", event];
  const run =
    (command: string, argsOf: (event: string) => string[]) =>
    (event: string, extra: Record<string, unknown>, more: Record<string, string> = {}) =>
      spawnSync(command, argsOf(event), {
        input: payload(event, extra),
        env: { ...env, ...more },
        cwd: project,
        encoding: "utf8",
        timeout: 20_000,
      });
  const hook = run(process.execPath, args);
  /** The server, started as a hook starts it (detached). */
  const startServer = () =>
    spawn(process.execPath, [pkg.loader, "serve-hooks"], { env, cwd: project, detached: true, stdio: "ignore" }).unref();
  /** The same hook through the Perl client, as an installed command runs it while the server listens. */
  const perlHook = run("perl", (event) => [pkg.perlClient, "hook", event, socket, pkg.loader]);
  /** The same hook as the installed command runs it: the hook script, with the state root it was given. */
  const scriptHook = run("/bin/sh", (event) => [pkg.script, event, pkg.state]);
  /** The same hook run as a child of its own, for hooks at once. */
  const hookAsync = (event: string, extra: Record<string, unknown>) =>
    new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, args(event), { env, cwd: project });
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
      });
      child.on("close", (status) => resolve({ status, stdout }));
      child.stdin.end(payload(event, extra));
    });
  /** The listening server's pid: in its pid file, alive, with its socket there. */
  const serverPid = () => {
    try {
      const pid = Number(readFileSync(join(fastPathDir, `${BIN}-hooks.pid`), "utf8"));
      if (!(pid > 0 && alive(pid) && existsSync(socket))) return undefined;
      if (!started.includes(pid)) started.push(pid);
      return pid;
    } catch {
      return undefined;
    }
  };
  const codeCaches = () => {
    try {
      return readdirSync(fastPathDir).filter((name) => name.endsWith(".code-cache"));
    } catch {
      return [];
    }
  };
  const state = env.GOALPOST_HOME;
  const session = (id = "s-1") => createGoalStore({ root: state }).peek(id);
  return {
    env,
    scriptHook,
    root: pkg.root,
    state,
    project,
    payload,
    loader: pkg.loader,
    script: pkg.script,
    perlClient: pkg.perlClient,
    bundle: pkg.bundle,
    socket,
    fastPathDir,
    hook,
    perlHook,
    hookAsync,
    startServer,
    serverPid,
    codeCaches,
    session,
  };
}

