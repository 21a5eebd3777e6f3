// This CLI's version, from the package.json it ships with (so `changeset version` changes it).
import { readFileSync } from "node:fs";

export function cliVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}
