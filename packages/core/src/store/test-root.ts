// Temporary state roots for store tests: real directories, removed after each test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

export function temporaryRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "goalpost-store-"));
  roots.push(root);
  return join(root, "state");
}
