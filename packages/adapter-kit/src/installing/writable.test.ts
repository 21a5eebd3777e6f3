// A home the user cannot write (a read-only mount, another user's folder): install says so in one
// line and writes nothing; doctor says the same rather than suggesting the install that would fail.
// Root may write anywhere, so as root the example host's bin runs as `nobody` (setpriv) — from a copy
// anyone may read when the checkout lies under a private folder.
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { removeTestdirs, testdir } from "../testing/index.js";
import { unwritableFolder } from "./writable.js";

const BUILT = fileURLToPath(new URL("../../examples/example-host/dist/goalpost-acme.cjs", import.meta.url));
const root = process.getuid?.() === 0;
const asUser = root ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [];
const readableBy = (bin: string) =>
  spawnSync(asUser[0]!, [...asUser.slice(1), process.execPath, "-e", `require("fs").accessSync(${JSON.stringify(bin)})`])
    .status === 0;
/**
 * The bin `nobody` runs: the built one, or — from a checkout under a private folder, as in CI — a copy
 * of its dist (a self-contained bundle) in a folder anyone may read.
 */
function binForUser(): string | null {
  if (!root) return BUILT;
  if (!existsSync(asUser[0]!)) return null;
  if (readableBy(BUILT)) return BUILT;
  const copy = mkdtempSync(join(tmpdir(), "goalpost-acme-dist-"));
  cpSync(dirname(BUILT), copy, { recursive: true });
  chmodSync(copy, 0o755);
  const bin = join(copy, basename(BUILT));
  return readableBy(bin) ? bin : null;
}
const BIN = binForUser();
if (!BIN) console.warn("writable.test: no bin `nobody` can read here; the read-only home is not tried");

afterEach(removeTestdirs);
afterAll(() => {
  if (BIN && BIN !== BUILT) rmSync(dirname(BIN), { recursive: true, force: true });
});

describe("a home install cannot write in", () => {
  // Three processes as another user: seconds on a loaded machine.
  it.skipIf(!BIN)(
    "gets one clear line, nothing written, and doctor names the folder instead of suggesting install",
    { timeout: 60_000 },
    () => {
      const dir = testdir({ acme: { "settings.jsonc": '{ "model": "fast" }\n' }, project: {} });
      chmodSync(dir, 0o755);
      chmodSync(join(dir, "project"), 0o755);
      chmodSync(join(dir, "acme"), 0o555);
      const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: dir, ACME_HOME: join(dir, "acme") };
      const bin = (...args: string[]) =>
        spawnSync(asUser[0] ?? process.execPath, [...asUser.slice(1), ...(root ? [process.execPath] : []), BIN!, ...args], {
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
      expect(doctor.stdout).toMatch(
        /✗ state: \S+ cannot be written: \S+acme is not writable \(permission denied for this user\)/,
      );
      expect(doctor.stdout).not.toContain("run `goalpost-acme install`");
    },
  );

  it("asks the nearest folder that exists: one install would create is no obstacle", () => {
    const dir = testdir({ here: {} });
    expect(unwritableFolder([join(dir, "here", "a", "b", "file.json")])).toBeNull();
  });
});
