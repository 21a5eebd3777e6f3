// Ids and hashes: goal ids are sortable by time and unguessable enough; the cwd hash keys the
// continuation index so a directory path never appears in a file name.
import { resolve } from "node:path";
import { lazyCrypto } from "./lazy-crypto.js";
import { sha256 } from "./sha256.js";

export function newGoalId(now: Date = new Date()): string {
  return `goal_${now.getTime().toString(36)}_${lazyCrypto().randomBytes(4).toString("hex")}`;
}

/** Whether a word the user typed reads as a goal id (`/goal continue goal_m3x9k2_a1b2c3`), the shape newGoalId makes. */
export const isGoalId = (word: string): boolean => /^goal_[a-z0-9_]+$/i.test(word);

export function cwdHash(cwd: string): string {
  return sha256(resolve(cwd)).slice(0, 16);
}
