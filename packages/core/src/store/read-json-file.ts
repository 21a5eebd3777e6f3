// Reading a file goalpost wrote earlier. Missing: null. Corrupt (bad JSON, wrong schema): moved aside
// under a timestamped name, reported once, and treated as missing, so the session continues clean —
// or, for a reader that changes nothing, reported and left in place.
// Written by a newer goalpost (a higher schemaVersion): refused, so it is never overwritten.
import { readFileSync, renameSync } from "node:fs";
import type * as z from "zod/mini";
import { StoreError } from "../base/errors.js";

export type Warn = (message: string) => void;

export function readJsonFile<T>(
  path: string,
  schema: z.ZodMiniType<T>,
  knownVersion: number,
  warn: Warn,
  now: Date,
  /** Told where a corrupt file went (or that it could not be moved), before null is returned. */
  setAsideTo?: (aside: string | null) => void,
  /** A reader that changes nothing (`goalpost status`, `show`): a corrupt file is reported and left where it is. */
  leaveInPlace = false,
): T | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return setAside(path, `is not valid JSON (${(error as Error).message})`, warn, now, setAsideTo, leaveInPlace);
  }
  const version = (data as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version === "number" && version > knownVersion) {
    throw new StoreError(
      "store_newer_version",
      path,
      `${path} was written by a newer goalpost (schema version ${version}; this one knows ${knownVersion}). It is left untouched: upgrade goalpost.`,
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    return setAside(path, `does not match the schema (${where.join("; ")})`, warn, now, setAsideTo, leaveInPlace);
  }
  return parsed.data;
}

function setAside(
  path: string,
  problem: string,
  warn: Warn,
  now: Date,
  setAsideTo?: (aside: string | null) => void,
  leaveInPlace = false,
): null {
  if (leaveInPlace) {
    warn(
      `goalpost: ${path} ${problem}; left as it is. The session's next hook keeps what can be read of it; \`goalpost doctor\` says more.`,
    );
    setAsideTo?.(path);
    return null;
  }
  const aside = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, "-")}`;
  const salvaged = setAsideTo ? " and kept what could be read from it" : " and continued with a clean state";
  try {
    renameSync(path, aside);
    warn(`goalpost: ${path} ${problem}; moved it to ${aside}${salvaged}.`);
    setAsideTo?.(aside);
  } catch {
    warn(`goalpost: ${path} ${problem} and could not be moved aside${salvaged}.`);
    setAsideTo?.(null);
  }
  return null;
}
