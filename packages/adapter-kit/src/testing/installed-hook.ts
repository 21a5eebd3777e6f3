// Runs an installed hook command the way a host does: through the shell, the payload on stdin, the
// answer read from stdout, with a time limit.

import { spawnSync } from "node:child_process";
import type { Env } from "@goalpost/core";

export interface HookRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout as JSON, or null when the hook gave no decision (empty stdout). */
  readonly output: Record<string, unknown> | null;
}

export function runInstalledHook(
  command: string,
  payload: unknown,
  options: { env: Env; cwd?: string; timeoutMs?: number },
): HookRun {
  const run = spawnSync("/bin/sh", ["-c", command], {
    input: typeof payload === "string" ? payload : JSON.stringify(payload),
    env: options.env,
    cwd: options.cwd,
    encoding: "utf8",
    timeout: options.timeoutMs ?? 20_000,
  });
  const stdout = run.stdout ?? "";
  return {
    status: run.status,
    stdout,
    stderr: run.stderr ?? "",
    output: stdout.trim() === "" ? null : (JSON.parse(stdout) as Record<string, unknown>),
  };
}

/** goalpost's hook commands in an installed hook-group object, by event (the group shape most hosts share). */
export function installedHookCommands(hooks: unknown, bin: string): Record<string, string> {
  const commands: Record<string, string> = {};
  for (const [event, groups] of Object.entries((hooks ?? {}) as Record<string, { hooks?: { command?: string }[] }[]>)) {
    const command = groups
      .flatMap((group) => group.hooks ?? [])
      .find((handler) => typeof handler.command === "string" && handler.command.includes(bin))?.command;
    if (command) commands[event] = command;
  }
  return commands;
}
