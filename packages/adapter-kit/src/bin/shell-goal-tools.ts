// The goal tools from the shell, for an agent whose MCP or extension tools are unavailable:
//   <bin> status | open '<json>' | update '<json>' | close '<json>'   (or '-' for stdin)
// The host names the session in every shell command it runs for the agent (the adapter's
// sessionVariable); --session overrides it. Which runs need the main session's PreToolUse hook to
// have seen them is core's rule (tools/shell-run-approval.ts).

import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Env } from "@goalpost/core";
import { createGoalStore, createGoalTools, GoalpostError } from "@goalpost/core";
import { GOAL_COMMAND_VERBS, type GoalCommandVerb, shellRunAllowed } from "@goalpost/core/internal";
import type { HostAdapter } from "../contract/host-adapter.js";
import { resolveProjectDir } from "../hook/project-dir.js";
import { detachedVerification } from "../hook/verification-process.js";
import { argumentProblem, GOAL_COMMAND_OPTIONS } from "./command-line.js";

/** The goal tools' verbs, core's list (the hook recognises the same words in a shell command). */
export const GOAL_COMMANDS = GOAL_COMMAND_VERBS;
export type GoalCommandName = GoalCommandVerb;

export interface CommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function runGoalCommand(
  adapter: HostAdapter,
  command: GoalCommandName,
  args: readonly string[],
  env: Env = process.env,
  readStdin: () => string = () => readFileSync(0, "utf8"),
): CommandResult {
  const fail = (exitCode: number, message: string): CommandResult => ({
    exitCode,
    stdout: "",
    stderr: `${adapter.bin} ${command}: ${message}\n`,
  });
  let parsed: ReturnType<typeof parseArgs<{ options: typeof GOAL_COMMAND_OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...args], options: GOAL_COMMAND_OPTIONS, allowPositionals: true });
  } catch (error) {
    return fail(
      2,
      `${argumentProblem(error as Error & { code?: string }, GOAL_COMMAND_OPTIONS)}\n(${adapter.bin} --help for the commands and their options)`,
    );
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
  const cwd = resolveProjectDir({ adapter, env, store, sessionId });
  if (cwd === null)
    return fail(2, `goalpost has no workspace folder for session ${sessionId}; open one in ${adapter.displayName}.`);
  const caller = { sessionId, host: adapter.id, cwd };
  let input: unknown = {};
  if (command !== "status") {
    const raw = positionals[0] === "-" || positionals[0] === undefined ? readStdin() : positionals[0];
    try {
      input = JSON.parse(raw);
    } catch (error) {
      return fail(2, `the input must be a JSON object (${(error as Error).message}).`);
    }
  }
  if (!shellRunAllowed(store, caller, command, args))
    return fail(
      1,
      `goalpost's hook did not see this run from the main agent of session ${sessionId}. Run it directly, on its own (\`${adapter.bin} ${command} '<json>'\`), not through a subagent, a pipe, \`bash -c\`, a variable or a --session of another session.`,
    );
  // The agent ran this process: its environment is the agent's. A run of the checks it starts gets the
  // PATH the goal recorded from the host (or the system's, never this one's), its locale and home only.
  const tools = createGoalTools(store, { startVerification: detachedVerification(adapter, process.env, { agentsPath: true }) });
  try {
    const result = command === "status" ? tools.status(caller) : tools[command](caller, input);
    return { exitCode: 0, stdout: `${result.text}\n`, stderr: "" };
  } catch (error) {
    if (!GoalpostError.isInstance(error)) throw error;
    return { exitCode: 1, stdout: "", stderr: `${error.message}\n` };
  }
}
