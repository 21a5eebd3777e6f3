// A home the user cannot write (a read-only mount, another user's folder): install says so in one
// line and writes nothing; doctor says the same rather than suggesting the install that would fail.
// Root may write anywhere, so as root the example host's bin runs as `nobody` (setpriv), when that
// user can reach the built bin (not from a checkout under a private temporary folder).
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { removeTestdirs, testdir } from "../testing/index.js";
import { unwritableFolder } from "./writable.js";

const BIN = fileURLToPath(new URL("../../examples/example-host/dist/goalpost-acme.cjs", import.meta.url));
const root = process.getuid?.() === 0;
const asUser = root ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [];
const reachable =
  !root ||
  (existsSync("/usr/bin/setpriv") &&
    spawnSync(asUser[0]!, [...asUser.slice(1), process.execPath, "-e", `require("fs").accessSync(${JSON.stringify(BIN)})`])
      .status === 0);
if (!reachable)
  console.warn(
    "writable.test: the built bin is not readable by nobody here (a private checkout); the read-only home is not tried",
  );

afterEach(removeTestdirs);

describe("a home install cannot write in", () => {
  it.skipIf(!reachable)("gets one clear line, nothing written, and doctor names the folder instead of suggesting install", () => {
    const dir = testdir({ acme: { "settings.jsonc": '{ "model": "fast" }\n' }, project: {} });
    chmodSync(dir, 0o755);
    chmodSync(join(dir, "project"), 0o755);
    chmodSync(join(dir, "acme"), 0o555);
    const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: dir, ACME_HOME: join(dir, "acme") };
    const bin = (...args: string[]) =>
      spawnSync(asUser[0] ?? process.execPath, [...asUser.slice(1), ...(root ? [process.execPath] : []), BIN, ...args], {
        env,
        cwd: join(dir, "project"),
        encoding: "utf8",
        timeout: 30_000,
      });
    const install = bin("install");
    expect(install.status).toBe(1);
    expect(install.stderr).toBe(
      `goalpost-acme install: cannot write in ${join(dir, "acme")} (permission denied for this user); nothing was changed. Make it writable for you, then run \`goalpost-acme install\` again.\n`,
    );
    expect(install.stdout).toBe("");
    expect(readdirSync(join(dir, "acme"))).toEqual(["settings.jsonc"]);
    expect(readFileSync(join(dir, "acme", "settings.jsonc"), "utf8")).toBe('{ "model": "fast" }\n');
    const doctor = bin("doctor");
    expect(doctor.stdout).toContain(
      `✗ hooks: not installed, and install cannot write in ${join(dir, "acme")} (permission denied for this user)`,
    );
    expect(doctor.stdout).toMatch(/✗ state: \S+ cannot be written: \S+acme is not writable \(permission denied for this user\)/);
    expect(doctor.stdout).not.toContain("run `goalpost-acme install`");
  });

  it("asks the nearest folder that exists: one install would create is no obstacle", () => {
    const dir = testdir({ here: {} });
    expect(unwritableFolder([join(dir, "here", "a", "b", "file.json")])).toBeNull();
  });
});
