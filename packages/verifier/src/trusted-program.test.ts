// The sandbox and git come from folders only root can change, never from the PATH the agent's shell had.
import { chmodSync, chownSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { systemGit, trustedProgram } from "@goalpost/core/internal";
import { describe, expect, it } from "vitest";
import { findBubblewrap } from "./bubblewrap-sandbox.js";
import { temporaryDir } from "./test-projects.js";

/** Root, able to give a folder to another user: not inside a user namespace that maps no other (a sandbox's). */
const root =
  process.getuid?.() === 0 &&
  (() => {
    const probe = temporaryDir("goalpost-chown-");
    try {
      chownSync(probe, 65534, 65534);
      return true;
    } catch {
      return false;
    }
  })();

function folderWith(name: string): string {
  const folder = join(temporaryDir("goalpost-bin-"), "bin");
  mkdirSync(folder);
  writeFileSync(join(folder, name), "#!/bin/sh\necho fake\n", { mode: 0o755 });
  return folder;
}

describe("the programs goalpost runs around a check", () => {
  it("bubblewrap and git are the system's, whatever the PATH says", () => {
    const fake = folderWith("bwrap");
    const saved = process.env["PATH"];
    process.env["PATH"] = `${fake}:${saved}`;
    try {
      const found = findBubblewrap();
      if ("path" in found) expect(found.path).toMatch(/^\/(usr\/)?(s?bin|local\/bin)\//);
      expect(systemGit() ?? "/usr/bin/git").toMatch(/^\/(usr\/)?(s?bin|local\/bin)\//);
    } finally {
      process.env["PATH"] = saved;
    }
  });

  it("a program in a folder everyone may write is not trusted, and the reason names the folder", () => {
    const fake = folderWith("bwrap");
    chmodSync(fake, 0o777);
    expect(trustedProgram("bwrap", [fake])).toEqual({
      untrusted: expect.stringMatching(new RegExp(`${fake}/bwrap: ${fake} is writable by its group or by everyone`)),
    });
  });

  it.skipIf(!root)("a program in a folder a user owns (~/.local/bin) is not trusted", () => {
    const fake = folderWith("bwrap");
    chownSync(fake, 65534, 65534);
    expect(trustedProgram("bwrap", [fake])).toEqual({ untrusted: expect.stringMatching(/belongs to uid 65534, not root/) });
  });

  it("one that is not there says where it looked", () => {
    expect(trustedProgram("no-such-program-goalpost")).toEqual({
      untrusted: expect.stringMatching(/is not installed in \/usr\/bin, \/bin/),
    });
  });
});
