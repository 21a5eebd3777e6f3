// install, uninstall and doctor as the user runs them: parse flags, show or apply the plan, explain.

import { rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { GoalpostError } from "@goalpost/core";
import { createTwoFilesPatch } from "diff";
import { runDoctor } from "./claude-code-doctor.js";
import { applyChanges, type FileChange, planInstall, planUninstall, scopeHasOwnHooks } from "./claude-code-install.js";
import { type ClaudeCodeScope, goalpostStateRoot } from "./claude-code-paths.js";
import { buildHookSnapshot, snapshotPath } from "./claude-code-snapshot-build.js";

const SCOPES: readonly ClaudeCodeScope[] = ["user", "project", "local"];

function showDiff(changes: readonly FileChange[]): string {
  return changes
    .map((entry) =>
      createTwoFilesPatch(
        entry.path,
        entry.path,
        entry.before ?? "",
        entry.after,
        entry.before === null ? "(new file)" : "before",
        "after",
      ),
    )
    .join("\n");
}

export function runAdminCommand(command: "install" | "uninstall" | "doctor", args: readonly string[], cliPath: string): number {
  const { values } = parseArgs({
    args: [...args],
    options: {
      scope: { type: "string", default: "user" },
      project: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      "no-snapshot": { type: "boolean", default: false },
    },
  });
  const scope = values.scope as ClaudeCodeScope;
  if (!SCOPES.includes(scope)) {
    process.stderr.write(`--scope must be one of ${SCOPES.join(", ")}\n`);
    return 2;
  }
  const projectDir = resolve(values.project ?? process.env["CLAUDE_PROJECT_DIR"] ?? process.cwd());

  if (command === "doctor") {
    const checks = runDoctor({ projectDir, cliPath });
    for (const check of checks) process.stdout.write(`${check.ok ? "✓" : "✗"} ${check.label}: ${check.detail}\n`);
    return checks.every((check) => check.ok) ? 0 : 1;
  }

  try {
    // The snapshot command uses POSIX shell syntax (VAR= cmd || cmd); Windows hooks start plainly.
    const wantSnapshot = command === "install" && !values["dry-run"] && !values["no-snapshot"] && process.platform !== "win32";
    const snapshot = wantSnapshot ? buildHookSnapshot(cliPath, goalpostStateRoot()) : null;
    if (snapshot && "problem" in snapshot)
      process.stderr.write(`goalpost: hooks will start without a snapshot (${snapshot.problem}); they work, a little slower.\n`);
    const snapshotBlob = snapshot && "blob" in snapshot ? snapshot.blob : undefined;
    const changes =
      command === "install"
        ? planInstall({ scope, projectDir, cliPath, ...(snapshotBlob ? { snapshotBlob } : {}) })
        : planUninstall({ scope, projectDir });
    if (changes.length === 0) {
      process.stdout.write(
        command === "install"
          ? `goalpost is already installed (${scope} scope); nothing to change.\n`
          : `goalpost is not installed in ${scope} scope; nothing to remove.\n`,
      );
      return 0;
    }
    if (values["dry-run"]) {
      process.stdout.write(`${showDiff(changes)}\n(dry run: nothing was written)\n`);
      return 0;
    }
    const backups = applyChanges(changes);
    // The snapshot serves every scope: it goes only when no scope's settings still run goalpost.
    if (command === "uninstall" && !SCOPES.some((other) => scopeHasOwnHooks(other, projectDir))) {
      rmSync(dirname(snapshotPath(goalpostStateRoot())), { recursive: true, force: true });
    }
    for (const entry of changes)
      process.stdout.write(`${command === "install" ? "updated" : "cleaned"} ${entry.path}: ${entry.description}\n`);
    for (const backup of backups) process.stdout.write(`backup: ${backup}\n`);
    if (command === "install") {
      if (snapshotBlob) process.stdout.write(`hook start-up snapshot: ${snapshotBlob}\n`);
      process.stdout.write(
        "\ngoalpost is on. In Claude Code, type /goal <what done means> to set a goal; `goalpost-claude-code doctor` checks the wiring.\n",
      );
    }
    return 0;
  } catch (error) {
    if (GoalpostError.isInstance(error)) {
      process.stderr.write(`goalpost-claude-code ${command}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
