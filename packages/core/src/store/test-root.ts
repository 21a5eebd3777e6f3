// Temporary state roots for store tests: real directories, removed after each test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

const roots: string[] = [];
// Retried: a detached child a test started (a notifier) may still be writing its last file there.
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

export function temporaryRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "goalpost-store-"));
  roots.push(root);
  return join(root, "state");
}
