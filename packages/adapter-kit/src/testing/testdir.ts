// Real temporary directory trees built from an object literal (strings are files, objects are
// folders), removed by removeTestdirs() when the test ends.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type Tree = { readonly [name: string]: string | Tree };

const created: string[] = [];

export function testdir(tree: Tree = {}, prefix = "goalpost-test-", parent = tmpdir()): string {
  const root = mkdtempSync(join(parent, prefix));
  created.push(root);
  writeTree(root, tree);
  return root;
}

export function writeTree(directory: string, tree: Tree): void {
  mkdirSync(directory, { recursive: true });
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") writeFileSync(join(directory, name), value);
    else writeTree(join(directory, name), value);
  }
}

export function removeTestdirs(): void {
  // Retried: a host program a test ran may still be writing as it dies (ENOTEMPTY, EBUSY). A hook
  // server ends when its socket goes — removed by the first pass — so a later pass finds it gone.
  for (const root of created.splice(0))
    for (let pass = 1; ; pass++) {
      try {
        rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
        break;
      } catch (error) {
        if (pass === 4) throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
      }
    }
}
