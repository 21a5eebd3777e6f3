// Real temporary directory trees built from an object literal (strings are files, objects are
// folders), removed when the test ends.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type Tree = { readonly [name: string]: string | Tree };

const created: string[] = [];

export function testdir(tree: Tree = {}): string {
  const root = mkdtempSync(join(tmpdir(), "goalpost-e2e-"));
  created.push(root);
  write(root, tree);
  return root;
}

function write(directory: string, tree: Tree): void {
  mkdirSync(directory, { recursive: true });
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") writeFileSync(join(directory, name), value);
    else write(join(directory, name), value);
  }
}

export function removeTestdirs(): void {
  for (const root of created.splice(0)) rmSync(root, { recursive: true, force: true });
}
