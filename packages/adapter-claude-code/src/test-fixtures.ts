// Recorded Claude Code payloads (see e2e/record): src/__fixtures__/claude-code-<Event>-<case>.json.
import { readdirSync, readFileSync } from "node:fs";

const directory = new URL("./__fixtures__/", import.meta.url);

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`claude-code-${name}.json`, directory), "utf8")) as Record<string, unknown>;
}

export function fixtureNames(): string[] {
  return readdirSync(directory)
    .filter((file) => /^claude-code-[A-Z]\w+-.+\.json$/.test(file))
    .map((file) => file.replace(/^claude-code-/, "").replace(/\.json$/, ""));
}

export function sequence(name: string): { event: string; payload: Record<string, unknown> }[] {
  return readFileSync(new URL(`claude-code-session-${name}.jsonl`, directory), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { event: string; payload: Record<string, unknown> });
}
