// The goal tools from the shell, for an agent whose MCP or extension tools are unavailable:
//   <bin> status | open '<json>' | update '<json>' | close '<json>'   (or '-' for stdin)
// The host names the session in every shell command it runs for the agent (the adapter's
// sessionVariable); --session overrides it. A subagent's use is denied by the PreToolUse hook.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createGoalStore, createGoalTools, GoalpostError } from "@goalpost/core";
import type { HostAdapter } from "./host-adapter.js";
import { resolveProjectDir } from "./project-dir.js";

export const GOAL_COMMANDS = ["status", "open", "update", "close"] as const;
export type GoalCommandName = (typeof GOAL_COMMANDS)[number];

export interface CommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function runGoalCommand(
  adapter: HostAdapter,
  command: GoalCommandName,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  readStdin: () => string = () => readFileSync(0, "utf8"),
): CommandResult {
  const fail = (exitCode: number, message: string): CommandResult => ({
    exitCode,
    stdout: "",
    stderr: `${adapter.bin} ${command}: ${message}\n`,
  });
  let parsed: ReturnType<typeof parseArgs<{ options: { session: { type: "string" } }; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...args], options: { session: { type: "string" } }, allowPositionals: true });
  } catch (error) {
    return fail(2, (error as Error).message);
  }
  const { values, positionals } = parsed;
  const variable = adapter.sessionVariable;
  const sessionId = values.session ?? (variable ? env[variable] : undefined);
  if (!sessionId)
    return fail(
      2,
      `no session: run it inside ${adapter.displayName}${variable ? ` (which sets ${variable})` : ""} or pass --session <id>.`,
    );
  const store = createGoalStore({ root: adapter.stateRoot(env) });
  const caller = { sessionId, host: adapter.id, cwd: resolveProjectDir({ adapter, env, store, sessionId }) };
  let input: unknown = {};
  if (command !== "status") {
    const raw = positionals[0] === "-" || positionals[0] === undefined ? readStdin() : positionals[0];
    try {
      input = JSON.parse(raw);
    } catch (error) {
      return fail(2, `the input must be a JSON object (${(error as Error).message}).`);
    }
  }
  const tools = createGoalTools(store);
  try {
    const result = command === "status" ? tools.status(caller) : tools[command](caller, input);
    return { exitCode: 0, stdout: `${result.text}\n`, stderr: "" };
  } catch (error) {
    if (!GoalpostError.isInstance(error)) throw error;
    return { exitCode: 1, stdout: "", stderr: `${error.message}\n` };
  }
}
