// `npm run setup`'s last step, as a user's machine meets it: a `goalpost` on the PATH that runs this
// checkout's CLI, never over another program of that name, and the alias line where it cannot write.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script of the repository (built-ins only), no types
import { putOnPath } from "../../../scripts/put-on-path.mjs";

const cli = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));
const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

afterEach(removeTestdirs);

describe("npm run setup puts goalpost on the PATH", () => {
  it("writes a goalpost command that runs this checkout's CLI, and says so", () => {
    const binDir = join(testdir(), "bin");
    mkdirSync(binDir);
    const placed = putOnPath({ cli, binDir, env: { PATH: `${binDir}:/usr/bin:/bin` } });
    expect(placed).toEqual({ placed: true, message: expect.stringContaining("`goalpost` is on your PATH") });
    // Found by name, as a user's shell finds it.
    const run = spawnSync("goalpost", ["--version"], { encoding: "utf8", env: { PATH: `${binDir}:/usr/bin:/bin` } });
    expect(run.stdout.trim()).toBe(version);
    // Run again (a second setup), it replaces its own.
    expect(putOnPath({ cli, binDir, env: { PATH: binDir } }).placed).toBe(true);
  });

  it("makes npm's global bin folder where the prefix has none yet (no global install ever made it)", () => {
    const prefix = testdir();
    const binDir = join(prefix, "bin");
    const placed = putOnPath({ cli, binDir, env: { PATH: `${binDir}:/usr/bin:/bin` } });
    expect(placed).toEqual({ placed: true, message: expect.stringContaining("`goalpost` is on your PATH") });
    const run = spawnSync("goalpost", ["--version"], { encoding: "utf8", env: { PATH: `${binDir}:/usr/bin:/bin` } });
    expect(run.stdout.trim()).toBe(version);
  });

  it("names a bin folder missing from the PATH, with the alias to use meanwhile", () => {
    const binDir = join(testdir(), "bin");
    mkdirSync(binDir);
    const placed = putOnPath({ cli, binDir, env: { PATH: "/usr/bin:/bin" } });
    expect(placed.message).toMatch(
      new RegExp(`^\`goalpost\` is in ${binDir} .*which is not on your PATH yet: add it, or alias goalpost=`),
    );
  });

  it("never replaces another goalpost, and gives the alias where it cannot write", () => {
    const binDir = join(testdir(), "bin");
    mkdirSync(binDir);
    const theirs = "#!/bin/sh\necho released goalpost\n";
    writeFileSync(join(binDir, "goalpost"), theirs);
    const kept = putOnPath({ cli, binDir, env: { PATH: binDir } });
    expect(kept.placed).toBe(false);
    expect(kept.message).toMatch(/is another goalpost .* left as it is; to use this checkout's: alias goalpost=/);
    expect(readFileSync(join(binDir, "goalpost"), "utf8")).toBe(theirs);

    // A bin folder it cannot write in (here: not a folder at all, which stops root too).
    const notAFolder = join(testdir(), "file");
    writeFileSync(notAFolder, "");
    const refused = putOnPath({ cli, binDir: notAFolder, env: { PATH: notAFolder } });
    expect(refused).toEqual({
      placed: false,
      message: expect.stringMatching(/could not write .*\(ENOTDIR\); instead: alias goalpost=/),
    });
  });
});
