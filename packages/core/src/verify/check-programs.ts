// Which programs a goal's checks start, fixed when the user sets them: each command's programs resolved
// on the PATH the host had then, to a real path and what is in it — and the interpreter a script names
// (`#!/usr/bin/env node` → node). goalpost's run resolves them again: an `npm` the agent put in a folder
// earlier on that PATH (`~/.local/bin`), or a changed runner, is a changed check the user is asked
// about, with what changed named. The project's own runners (node_modules/.bin/vitest) are watched
// with the dependency folders they live in (dependency-changes.ts).
import { closeSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { parseShell } from "../evidence/shell-syntax.js";
import type { CheckProgram } from "../record/goal-checks.js";
import { lazyCrypto } from "../record/lazy-crypto.js";

/** Programs larger than this (Node, Go, a Python) are known by their file's identity, not read whole. */
const HASHED_UP_TO = 4 * 1024 * 1024;

/** Words that are the shell's own, not programs on the PATH. */
const SHELL_BUILTINS = new Set([
  "cd",
  "export",
  "set",
  "unset",
  "true",
  "false",
  ":",
  "test",
  "[",
  "echo",
  "exit",
  "source",
  ".",
]);

/** The first executable `name` on `searchPath` (or `name` itself, when it names a path), as given. */
export function onPath(name: string, searchPath: string, cwd: string): string | null {
  const candidates = name.includes("/")
    ? [isAbsolute(name) ? name : resolve(cwd, name)]
    : searchPath
        .split(":")
        .filter((folder) => folder && isAbsolute(folder))
        .map((folder) => `${folder}/${name}`);
  for (const candidate of candidates) {
    try {
      const stat = statSync(candidate);
      if (stat.isFile() && (stat.mode & 0o111) !== 0) return candidate;
    } catch {}
  }
  return null;
}

/** What is in a program file: its content's hash, or for a large binary its size and change time. */
function contentOf(path: string): string {
  try {
    const stat = statSync(path);
    if (stat.size > HASHED_UP_TO) return `file:${stat.size}:${stat.ino}:${Math.trunc(stat.ctimeMs)}`;
    const hash = lazyCrypto().createHash("sha256");
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(64 * 1024);
      for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
    } finally {
      closeSync(fd);
    }
    return `sha256:${hash.digest("hex")}`;
  } catch {
    return "unreadable";
  }
}

/** The interpreter a script's first line names: `#!/usr/bin/env node` → node, `#!/bin/sh` → /bin/sh. */
function interpreterOf(path: string): string | null {
  try {
    const fd = openSync(path, "r");
    const buffer = Buffer.alloc(256);
    const read = readSync(fd, buffer);
    closeSync(fd);
    const line = buffer.subarray(0, read).toString("utf8").split("\n")[0] ?? "";
    if (!line.startsWith("#!")) return null;
    const words = line.slice(2).trim().split(/\s+/);
    if (words[0]?.endsWith("/env"))
      return words.find((word, index) => index > 0 && !word.startsWith("-") && !word.includes("=")) ?? null;
    return words[0] ?? null;
  } catch {
    return null;
  }
}

function identify(name: string, searchPath: string, cwd: string): CheckProgram {
  const found = onPath(name, searchPath, cwd);
  if (!found) return { name, path: null, content: null };
  let real = found;
  try {
    real = realpathSync(found);
  } catch {}
  return { name, path: real, content: contentOf(real) };
}

/** The programs `commands` start, resolved on `searchPath` from `cwd`: each once, in order. */
export function checkPrograms(commands: readonly string[], searchPath: string, cwd: string): CheckProgram[] {
  const programs = new Map<string, CheckProgram>();
  const add = (name: string) => {
    if (programs.has(name) || SHELL_BUILTINS.has(name)) return;
    const program = identify(name, searchPath, cwd);
    programs.set(name, program);
    const interpreter = program.path ? interpreterOf(program.path) : null;
    if (interpreter) add(interpreter);
  };
  for (const command of commands)
    for (const segment of parseShell(command).segments) {
      const first = segment.words[0];
      if (first && !segment.dynamic) add(first);
    }
  return [...programs.values()];
}

/** What changed between the programs recorded when the checks were set and now, in words; null for nothing. */
export function programChanges(before: readonly CheckProgram[], now: readonly CheckProgram[]): string | null {
  const changes: string[] = [];
  for (const was of before) {
    const is = now.find((program) => program.name === was.name);
    if (!is || (is.path === was.path && is.content === was.content)) continue;
    if (is.path !== was.path)
      changes.push(`\`${was.name}\` is now ${is.path ?? "nowhere on the PATH"} (it was ${was.path ?? "not found"})`);
    else changes.push(`\`${was.name}\` (${was.path}) changed`);
  }
  return changes.length > 0 ? changes.join("; ") : null;
}
