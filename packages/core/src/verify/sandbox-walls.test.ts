// Which folders of the user's home a check may read: its PATH's toolchains and what they need beside them.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readableHomeFolders } from "./sandbox-walls.js";
import { temporaryDir } from "./test-projects.js";

function homeWith(...folders: string[]): string {
  const home = temporaryDir("goalpost-home-");
  for (const folder of folders) mkdirSync(join(home, folder), { recursive: true });
  return home;
}

describe("the home folders a check may read", () => {
  it("takes rustup's toolchains with a ~/.cargo/bin on the PATH, even when the checks name no cargo (a test runs it)", () => {
    const home = homeWith(".cargo/bin", ".rustup/toolchains", ".ssh");
    const folders = readableHomeFolders(
      { path: `${home}/.cargo/bin:/usr/bin`, programs: [{ name: "npm", path: "/usr/bin/npm" }] },
      home,
    );
    expect(folders).toEqual([join(home, ".cargo"), join(home, ".rustup")]);
  });

  it("gives nothing beside a toolchain that has no companion, and nothing that does not exist", () => {
    const home = homeWith(".local/bin", ".cargo/bin");
    const folders = readableHomeFolders({ path: `${home}/.local/bin:${home}/.cargo/bin`, programs: [] }, home);
    expect(folders).toEqual([join(home, ".cargo"), join(home, ".local/bin")]);
  });
});
