// The compaction snapshot: written before the host compacts, read back to restore the goal after.
// Serving is idempotent: a snapshot is marked served only after its text was handed to the caller,
// and it can be served again until a newer snapshot replaces it.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import * as z from "zod/mini";
import { sha256 } from "../record/sha256.js";
import { ensureDirectory, writeFileAtomic } from "./atomic-file.js";
import { withFileLock } from "./file-lock.js";
import type { GoalStore } from "./goal-store.js";
import { readJsonFile } from "./read-json-file.js";
import { safeFileName } from "./safe-file-name.js";

const snapshotMetadataSchema = z.object({
  schemaVersion: z.literal(1),
  sessionId: z.string(),
  goalId: z.string(),
  revision: z.int(),
  trigger: z.string(),
  at: z.string(),
  textSha256: z.string(),
  servedAt: z._default(z.array(z.string()), []),
});
type SnapshotMetadata = z.infer<typeof snapshotMetadataSchema>;

interface Snapshot {
  readonly text: string;
  readonly metadata: SnapshotMetadata;
}

const paths = (store: GoalStore, sessionId: string) => {
  const base = join(store.root, "compact", `${safeFileName(sessionId)}.txt`);
  return { text: base, metadata: `${base}.json`, lock: join(store.root, "locks", `${safeFileName(sessionId)}.snapshot.lock`) };
};

export function writeSnapshot(
  store: GoalStore,
  input: { sessionId: string; goalId: string; revision: number; trigger: string; text: string },
): SnapshotMetadata {
  const { text, metadata, lock } = paths(store, input.sessionId);
  const meta: SnapshotMetadata = {
    schemaVersion: 1,
    sessionId: input.sessionId,
    goalId: input.goalId,
    revision: input.revision,
    trigger: input.trigger,
    at: store.now().toISOString(),
    textSha256: sha256(input.text),
    servedAt: [],
  };
  ensureDirectory(dirname(lock));
  withFileLock(lock, () => {
    // Text first, metadata second: metadata that names a text hash only ever points at a complete text.
    writeFileAtomic(text, input.text);
    writeFileAtomic(metadata, `${JSON.stringify(meta)}\n`);
  });
  return meta;
}

export function readSnapshot(store: GoalStore, sessionId: string): Snapshot | null {
  const { text: textPath, metadata: metadataPath } = paths(store, sessionId);
  const metadata = readJsonFile(metadataPath, snapshotMetadataSchema, 1, store.warn, store.now());
  if (!metadata) return null;
  let text: string;
  try {
    text = readFileSync(textPath, "utf8");
  } catch {
    return null;
  }
  // A text that does not match its metadata (a newer text whose metadata is not written yet) is not served.
  return sha256(text) === metadata.textSha256 ? { text, metadata } : null;
}

/**
 * Hands the snapshot to `deliver` and only then records that it was served. `deliver` may decline
 * (return false), for a snapshot that no longer matches the goal: then nothing is recorded. Returns
 * whether a snapshot was delivered.
 */
export function serveSnapshot(
  store: GoalStore,
  sessionId: string,
  deliver: (snapshot: Snapshot) => boolean | undefined,
): boolean {
  const snapshot = readSnapshot(store, sessionId);
  if (!snapshot || deliver(snapshot) === false) return false;
  const { metadata: metadataPath, lock } = paths(store, sessionId);
  ensureDirectory(dirname(lock));
  withFileLock(lock, () => {
    const current = readSnapshot(store, sessionId);
    if (!current || current.metadata.textSha256 !== snapshot.metadata.textSha256) return; // superseded meanwhile
    const servedAt = [...current.metadata.servedAt, store.now().toISOString()].slice(-20);
    writeFileAtomic(metadataPath, `${JSON.stringify({ ...current.metadata, servedAt })}\n`);
  });
  return true;
}
