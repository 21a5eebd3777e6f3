// Strict mode's targets (`install --strict`): the host's own sandbox settings, written into the file
// that holds them, with the user's own values of those keys kept in `<state root>/strict.json` and put
// back when strict mode goes off (`install --no-strict`, `uninstall`). A plain install keeps the mode.
// The adapter says which keys and values (host facts: Claude Code's `sandbox.enabled`, Codex's
// `sandbox_mode`); this module plans them, and says when they were turned off behind goalpost's back.
// On a hook's path (the targets list the protected files): Node's JSON parser only, never the config
// editor's TOML library — the settings are read by the planner, which hands them to the targets.
import { join } from "node:path";
import type { Env } from "@goalpost/core";
import { findOnPath, userCommand } from "../contract/descriptor.js";
import type { ConfigFormat, InstallContext, InstallTarget, JsonObject } from "../contract/install-spec.js";
import { objectAt } from "./hook-groups-target.js";
import { readJsonObject } from "./json-object-file.js";

export const STRICT_RECORD = "strict.json";

export interface StrictModeOptions {
  /** The host's settings file that holds its sandbox's keys. */
  readonly path: string;
  readonly format: ConfigFormat;
  /** Each key (dotted for a nested one: `sandbox.enabled`) and the value strict mode gives it. */
  readonly values: Readonly<Record<string, unknown>>;
  /** goalpost's state root (as install writes it): the record goes there. */
  readonly root: string;
  /** What strict mode's sandbox is, in a few words for the user ("Claude Code's sandbox"). */
  readonly sandbox: string;
}

/** The record of the user's own values, by settings file and key: null where the key was not set. */
type StrictRecord = Record<string, Record<string, unknown>>;

const recordPath = (root: string) => join(root, STRICT_RECORD);

const readRecord = (root: string): StrictRecord => readJsonObject(recordPath(root)) as StrictRecord;

/** Whether goalpost turned strict mode on in `path` (its record holds the user's values for it). */
export const strictModeOn = (root: string, path: string): boolean => Object.hasOwn(readRecord(root), path);

const at = (data: JsonObject, key: string): unknown => {
  const parts = key.split(".");
  const last = parts.pop()!;
  return parts.reduce(objectAt, data)[last];
};

function withValue(data: JsonObject, key: string, value: unknown): JsonObject {
  const [first, ...rest] = key.split(".");
  if (rest.length > 0) {
    const inner = withValue(objectAt(data, first!), rest.join("."), value);
    if (Object.keys(inner).length > 0) return { ...data, [first!]: inner };
    const { [first!]: _gone, ...others } = data;
    return others;
  }
  if (value === null || value === undefined) {
    const { [first!]: _gone, ...others } = data;
    return others;
  }
  return { ...data, [first!]: value };
}

const withValues = (data: JsonObject, values: Readonly<Record<string, unknown>>): JsonObject =>
  Object.entries(values).reduce((next, [key, value]) => withValue(next, key, value), data);

/** Whether the settings hold strict mode's values. */
export const isStrict = (data: JsonObject, values: Readonly<Record<string, unknown>>): boolean =>
  Object.entries(values).every(([key, value]) => at(data, key) === value);

/**
 * Strict mode's two targets: the settings' keys, and the record of the user's own values, which the
 * settings target takes from the file as the planner read it — so the record is planned after it. The
 * settings target is null where strict mode is neither asked for nor on (a plain install leaves the
 * file's sandbox keys alone).
 */
export function strictModeTargets(
  context: Pick<InstallContext, "strict" | "scope">,
  options: StrictModeOptions,
): { readonly record: InstallTarget; readonly settings: InstallTarget | null } {
  const { path, values, root } = options;
  const wanted = () => context.strict ?? strictModeOn(root, path);
  const recorded = () => readRecord(root)[path];
  const off = (data: JsonObject) => {
    const previous = recorded();
    return previous ? withValues(data, previous) : data;
  };
  // The user's values as the settings target saw them, for the record planned after it.
  let seen: JsonObject | null = null;
  const without = (data: JsonObject) => {
    const { [path]: _gone, ...rest } = data;
    return rest;
  };
  const record: InstallTarget = {
    path: recordPath(root),
    format: "json",
    label: "strict record",
    record: true,
    install: (data) => {
      if (!wanted()) return without(data);
      if (Object.hasOwn(data, path)) return data;
      const settings = seen ?? (options.format === "json" ? readJsonObject(path) : {});
      return { ...data, [path]: Object.fromEntries(Object.keys(values).map((key) => [key, at(settings, key) ?? null])) };
    },
    uninstall: without,
    wired: () => true,
    present: () => false,
  };
  if (context.strict === undefined && !strictModeOn(root, path)) return { record, settings: null };
  const settings: InstallTarget = {
    path,
    format: options.format,
    // What install says it does to the file: on, or the user's own values back.
    label:
      context.strict === false
        ? "strict mode taken out (your own sandbox settings back)"
        : `strict mode (${options.sandbox} on${context.scope === "user" ? " in every project" : ""})`,
    install: (data) => {
      seen = data;
      return wanted() ? withValues(data, values) : off(data);
    },
    uninstall: off,
    wired: () => true,
    present: () => false,
    changed: (before, after) => isStrict(before, values) !== isStrict(after, values),
    // Turned on by goalpost and off now: the agent's commands can leave the sandbox again.
    problems: (data) =>
      recorded() && !isStrict(data, values)
        ? [
            `strict mode is off in it (goalpost set ${Object.entries(values)
              .map(([key, value]) => `${key} = ${JSON.stringify(value)}`)
              .join(", ")}): the agent's commands run outside ${options.sandbox}`,
          ]
        : [],
    parts: (data) => (recorded() && isStrict(data, values) ? [`strict mode (${options.sandbox})`] : []),
  };
  return { record, settings };
}

/**
 * doctor's line on the mode, in words a user reads once: default (told) or strict (prevented), and what
 * stands in the sandbox's way here. Strict mode turned off in a file shows on that file's line (the
 * settings target's `problems`).
 */
export function strictModeCheck(options: {
  readonly adapter: { readonly bin: string; readonly id: string };
  readonly env: Env;
  readonly root: string;
  /** The settings files strict mode may be on in. */
  readonly files: readonly string[];
  readonly sandbox: string;
  /** What stands in the sandbox's way on this machine, or null. */
  readonly unavailable: string | null;
}): { ok: boolean; label: string; detail: string } {
  const on = options.files.filter((path) => strictModeOn(options.root, path));
  if (on.length === 0)
    return {
      ok: true,
      label: "mode",
      detail: `default: goalpost tells you when the agent works around it; \`${userCommand(options.adapter, "install", options.env, "--strict")}\` turns on ${options.sandbox}, so the agent's commands cannot reach goalpost at all`,
    };
  return {
    ok: options.unavailable === null,
    label: "mode",
    detail: `strict (${on.join(", ")}): the agent's commands run in ${options.sandbox} and cannot reach goalpost's files, settings or socket${options.unavailable ? `, but ${options.unavailable}` : ""}`,
  };
}

/**
 * What stands in the way of a host's sandbox on this machine, or null: on Linux, the programs it runs
 * (by program name, with the Debian package that has it); elsewhere than Linux and macOS, everything.
 */
export function hostSandboxUnavailable(sandbox: string, linuxPrograms: Readonly<Record<string, string>>): string | null {
  if (process.platform === "darwin") return null;
  if (process.platform !== "linux")
    return `goalpost's strict mode does not support ${process.platform} (${sandbox} is run on Linux and macOS)`;
  const missing = Object.keys(linuxPrograms).filter((program) => !findOnPath(program));
  return missing.length > 0
    ? `${sandbox} needs ${missing.join(" and ")} on Linux (Debian and Ubuntu: apt install ${missing.map((program) => linuxPrograms[program]).join(" ")})`
    : null;
}
