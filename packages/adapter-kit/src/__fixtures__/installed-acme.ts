// The example host installed as a user installs it, its hooks run as Acme runs them (the installed
// commands, through /bin/sh, as child processes), and small tmpfs mounts for a full or read-only disk
// made for real: the store's and the fast path's fault tests share them.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { installedHookCommands, runInstalledHook, testdir } from "../testing/index.js";

const ACME_BIN = fileURLToPath(new URL("../../examples/example-host/dist/goalpost-acme.cjs", import.meta.url));

const mounts: string[] = [];

/** A small tmpfs at `dir`; false where this machine may not mount. Unmounted by unmountAll. */
export function tmpfs(dir: string, size: string): boolean {
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]).status === 0;
  if (mounted) mounts.push(dir);
  return mounted;
}

/** Unmounts every tmpfs a test mounted (call after each test). */
export function unmountAll(): void {
  for (const mount of mounts.splice(0)) spawnSync("umount", ["-l", mount]);
}

/** Whether this machine lets the tests mount a tmpfs (root on Linux, not inside a sandbox that forbids it). */
export const canMount = (() => {
  if (process.platform !== "linux") return false;
  const ok = tmpfs(testdir(), "64k");
  unmountAll();
  return ok;
})();

/** The example host installed, its hooks run as Acme runs them, its state in `state` (GOALPOST_HOME) when given. */
export function installedAcme(state?: string, options: { hookServer?: boolean } = {}) {
  const root = testdir({ acme: {}, project: {} });
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    HOME: root,
    ACME_HOME: join(root, "acme"),
    ...(options.hookServer ? {} : { GOALPOST_HOOK_SERVER: "0" }),
    ...(state ? { GOALPOST_HOME: state } : {}),
  };
  const install = spawnSync(process.execPath, [ACME_BIN, "install"], { env, encoding: "utf8" });
  expect(install.status, install.stderr).toBe(0);
  const settings = JSON.parse(readFileSync(join(root, "acme", "settings.jsonc"), "utf8")) as { hooks: unknown };
  const hooks = installedHookCommands(settings.hooks, "goalpost-acme");
  const home = state ?? join(root, "acme", "goalpost");
  const send = (event: string, fields: Record<string, unknown> = {}, runEnv: Record<string, string> = env) => {
    const started = Date.now();
    const run = runInstalledHook(hooks[event]!, { event, session: "s1", dir: join(root, "project"), ...fields }, { env: runEnv });
    return { ...run, ms: Date.now() - started };
  };
  const open = () => {
    const opened = send("user_prompt", { prompt: "/goal ship the streaming parser" });
    expect(opened.stdout, opened.stderr).toContain("ship the streaming parser");
  };
  return { root, home, env, send, open };
}
