// The goal tools from the shell, for an agent whose MCP tools are unavailable:
//   goalpost-claude-code status | open '<json>' | update '<json>' | close '<json>'   (or '-' for stdin)
// Claude Code gives every Bash command CLAUDE_CODE_SESSION_ID, which ties the call to its session;
// --session overrides it. A subagent's use is denied by the PreToolUse hook before the command runs.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createGoalStore, createGoalTools, GoalpostError } from "@goalpost/core";
import { CLAUDE_CODE_HOST } from "./claude-code-events.js";
import { goalpostStateRoot } from "./claude-code-paths.js";

export type GoalCommandName = "status" | "open" | "update" | "close";

export interface GoalCommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function runGoalCommand(
  command: GoalCommandName,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  readStdin: () => string = () => readFileSync(0, "utf8"),
): GoalCommandResult {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { session: { type: "string" } },
    allowPositionals: true,
  });
  const sessionId = values.session ?? env["CLAUDE_CODE_SESSION_ID"];
  if (!sessionId) {
    return {
      exitCode: 2,
      stdout: "",
      stderr: `goalpost-claude-code ${command}: no session: run it inside Claude Code (which sets CLAUDE_CODE_SESSION_ID) or pass --session <id>.\n`,
    };
  }
  const store = createGoalStore({ root: goalpostStateRoot(env) });
  const caller = {
    sessionId,
    host: CLAUDE_CODE_HOST,
    cwd: store.read(sessionId)?.cwd ?? env["CLAUDE_PROJECT_DIR"] ?? process.cwd(),
  };
  let input: unknown = {};
  if (command !== "status") {
    const raw = positionals[0] === "-" || positionals[0] === undefined ? readStdin() : positionals[0];
    try {
      input = JSON.parse(raw);
    } catch (error) {
      return {
        exitCode: 2,
        stdout: "",
        stderr: `goalpost-claude-code ${command}: the input must be a JSON object (${(error as Error).message}).\n`,
      };
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
