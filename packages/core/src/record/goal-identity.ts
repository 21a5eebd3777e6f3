// Ids and hashes: goal ids are sortable by time and unguessable enough; the cwd hash keys the
// continuation index so a directory path never appears in a file name.
import { resolve } from "node:path";
import { lazyCrypto } from "./lazy-crypto.js";

export function newGoalId(now: Date = new Date()): string {
  return `goal_${now.getTime().toString(36)}_${lazyCrypto().randomBytes(4).toString("hex")}`;
}

export function cwdHash(cwd: string): string {
  return lazyCrypto().createHash("sha256").update(resolve(cwd)).digest("hex").slice(0, 16);
}

export function sha256(text: string): string {
  return lazyCrypto().createHash("sha256").update(text).digest("hex");
}
