// Ties an MCP tool call to its session. Some hosts (Claude Code) tell the MCP server only the id of
// the tool call; the PreToolUse hook, which knows the session, records that id here first.
import { readdirSync, renameSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import { writeFileAtomic } from "./atomic-file.js";
import type { GoalStore } from "./goal-store.js";
import { readJsonFile } from "./read-json-file.js";
import { safeFileName } from "./safe-file-name.js";

const toolUseRecordSchema = z.object({
  schemaVersion: z.literal(1),
  toolUseId: z.string(),
  sessionId: z.string(),
  cwd: z.string(),
  host: z.string(),
  subagent: z.boolean(),
  at: z.string(),
});
type ToolUseRecord = z.infer<typeof toolUseRecordSchema>;

/** Records older than this are pruned when the index grows. */
const MAX_AGE_MS = 60 * 60 * 1000;
const PRUNE_ABOVE = 200;

const directory = (store: GoalStore) => join(store.root, "tool-use");

export function recordToolUse(store: GoalStore, record: Omit<ToolUseRecord, "schemaVersion" | "at">): void {
  const full: ToolUseRecord = { schemaVersion: 1, ...record, at: store.now().toISOString() };
  // Each tool_use id is written by one hook process only, so no lock is needed.
  writeFileAtomic(join(directory(store), `${safeFileName(record.toolUseId)}.json`), `${JSON.stringify(full)}\n`);
  pruneOld(store);
}

export function lookupToolUse(store: GoalStore, toolUseId: string): ToolUseRecord | null {
  return readJsonFile(join(directory(store), `${safeFileName(toolUseId)}.json`), toolUseRecordSchema, 1, store.warn, store.now());
}

/**
 * Looks up a record and removes it, so one tool call ties one MCP call to its session: a replayed
 * tool-use id finds nothing. The rename makes two concurrent takers see one winner.
 */
export function consumeToolUse(store: GoalStore, toolUseId: string): ToolUseRecord | null {
  const path = join(directory(store), `${safeFileName(toolUseId)}.json`);
  const taken = `${path}.taken-${process.pid}-${Date.now()}`;
  try {
    renameSync(path, taken);
  } catch {
    return null;
  }
  try {
    return readJsonFile(taken, toolUseRecordSchema, 1, store.warn, store.now());
  } finally {
    try {
      unlinkSync(taken);
    } catch {}
  }
}

function pruneOld(store: GoalStore): void {
  let names: string[];
  try {
    names = readdirSync(directory(store));
  } catch {
    return;
  }
  if (names.length <= PRUNE_ABOVE) return;
  const cutoff = store.now().getTime() - MAX_AGE_MS;
  for (const name of names) {
    const path = join(directory(store), name);
    try {
      if (statSync(path).mtimeMs < cutoff) unlinkSync(path);
    } catch {}
  }
}
