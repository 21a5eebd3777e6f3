// Claude Code's own wall around goalpost (docs/hosts/claude-code.md §10): permission rules in the
// settings that hold goalpost's hooks, denying the agent's file tools any write to goalpost's state
// root, its installed files, those settings and Claude Code's transcripts. Claude Code checks them
// itself, whatever goalpost's hooks say: an `Edit(…)` rule covers every built-in tool that writes a
// file (Write, Edit, MultiEdit, NotebookEdit), `deny` is evaluated before `ask` and `allow`, and an
// absolute path is written with a leading `//`. They do not reach a shell command or a program the
// agent runs (core's threat model says what does).
import { dirname, join, resolve } from "node:path";
import {
  type DoctorCheck,
  type DoctorContext,
  type InstallContext,
  type JsonObject,
  objectAt,
  ownEntries,
  ownHookGroupsPresent,
  readJsonObject,
  withKey,
} from "@goalpost/adapter-kit";
import { type ClaudeCodeScope, claudeConfigDir, goalpostStateRoot, settingsFile } from "./claude-code-paths.js";

/** A rule denying Claude Code's file tools any write at or under `path` (absolute). */
const denyWrites = (path: string, below = true) => `Edit(/${resolve(path)}${below ? "/**" : ""})`;

/** goalpost's rules for a scope's settings; none for a committed scope (its paths are this machine's). */
export function wallRules(context: Pick<InstallContext, "scope" | "projectDir" | "env" | "cliPath">): string[] {
  if (context.scope === "project") return [];
  return [
    denyWrites(goalpostStateRoot(context.env)),
    denyWrites(dirname(context.cliPath)),
    denyWrites(settingsFile(context.scope as ClaudeCodeScope, context.projectDir, context.env), false),
    denyWrites(join(claudeConfigDir(context.env), "projects")),
  ];
}

const denyList = (data: JsonObject): unknown[] => {
  const deny = objectAt(data, "permissions")["deny"];
  return Array.isArray(deny) ? deny : [];
};

function withDenyList(data: JsonObject, deny: unknown[]): JsonObject {
  const { deny: _previous, ...rest } = objectAt(data, "permissions");
  return withKey(data, "permissions", deny.length > 0 ? { ...rest, deny } : rest);
}

/** The settings with goalpost's rules added after the user's own (each once). */
export const withWalls = (data: JsonObject, rules: readonly string[]): JsonObject =>
  rules.length === 0 ? data : withDenyList(data, [...denyList(data).filter((rule) => !rules.includes(rule as string)), ...rules]);

/** The settings without goalpost's rules, the user's own kept as they were. */
export const withoutWalls = (data: JsonObject, rules: readonly string[]): JsonObject =>
  rules.length === 0 || !denyList(data).some((rule) => rules.includes(rule as string))
    ? data
    : withDenyList(
        data,
        denyList(data).filter((rule) => !rules.includes(rule as string)),
      );

/** goalpost's rules that are not in the settings. */
const missingWalls = (data: JsonObject, rules: readonly string[]): string[] =>
  rules.filter((rule) => !denyList(data).includes(rule));

/**
 * doctor's line on the walls: for each scope whose settings run goalpost's hooks, whether its rules
 * stand (a user who took one out, or Claude Code's own `/permissions` edits, show here).
 */
export function wallsDoctorChecks(context: DoctorContext): DoctorCheck[] {
  const own = ownEntries(context.adapter.bin);
  return (["user", "local"] as const).flatMap((scope) => {
    const path = settingsFile(scope, context.projectDir, context.env);
    const data = readJsonObject(path);
    if (!ownHookGroupsPresent(data["hooks"], own)) return [];
    const rules = wallRules({ scope, projectDir: context.projectDir, env: context.env, cliPath: context.cliPath });
    const missing = missingWalls(data, rules);
    return [
      {
        ok: missing.length === 0,
        label: `walls (${scope} scope)`,
        detail:
          missing.length === 0
            ? `Claude Code denies its file tools writes to goalpost's state, installed files, ${path} and transcripts (${rules.length} permission rules)`
            : `${missing.length} of goalpost's ${rules.length} permission rules are not in ${path} (${missing.join(", ")}): the agent's Write and Edit tools can reach goalpost's files. Run install again to put them back.`,
      },
    ];
  });
}
