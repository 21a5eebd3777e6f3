// Recorded host payloads, kept beside an adapter's tests as `<host>-<Event>-<case>.json`, and whole
// sessions as `<host>-session-<name>.jsonl` (one {event, payload} per line, in the order the host sent them).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SamplePayload } from "../contract/host-adapter.js";

export interface Fixtures {
  /** One recorded payload by `<Event>-<case>`. */
  payload(name: string): Record<string, unknown>;
  /** Every recorded payload's `<Event>-<case>` name. */
  names(): string[];
  /** A recorded session, in order. */
  session(name: string): SamplePayload[];
}

export function hostFixtures(directory: string, host: string): Fixtures {
  const prefix = `${host}-`;
  return {
    payload: (name) => JSON.parse(readFileSync(join(directory, `${prefix}${name}.json`), "utf8")) as Record<string, unknown>,
    names: () =>
      readdirSync(directory)
        .filter((file) => file.startsWith(prefix) && file.endsWith(".json") && /^[A-Za-z]\w*-/.test(file.slice(prefix.length)))
        .filter((file) => !file.slice(prefix.length).startsWith("session-") && !file.slice(prefix.length).startsWith("host-"))
        .map((file) => file.slice(prefix.length, -".json".length)),
    session: (name) =>
      readFileSync(join(directory, `${prefix}session-${name}.jsonl`), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as SamplePayload),
  };
}
