// A host file an install target reads beside its own (Codex's hooks.json for the trust entries, Copilot
// CLI's settings for the extensions flag): a JSON object, or {} when it is missing or unreadable —
// the target that owns the file reports a broken one. Plain JSON.parse on purpose: the config editor
// (with its TOML library) stays off the hook path.
import { existsSync, readFileSync } from "node:fs";
import type { JsonObject } from "../contract/install-spec.js";

export function readJsonObject(path: string): JsonObject {
  try {
    const data: unknown = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
    return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as JsonObject) : {};
  } catch {
    return {};
  }
}
