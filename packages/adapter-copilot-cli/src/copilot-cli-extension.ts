// goalpost's Copilot CLI extension: the four goal tools, registered through the SDK the CLI gives its
// extensions (HOSTS.md §3.8). The CLI runs this file as its own Node process, where only
// `@github/copilot-sdk/extension` resolves: everything else is bundled in. Its stdout is the JSON-RPC
// channel to the CLI, so nothing here writes to it. Each call belongs to `invocation.sessionId`, the
// root session, which Copilot sets itself (the model cannot name another one); a subagent's call
// carries `invocation.agentId` and is refused.
import { joinSession, type ToolInvocation } from "@github/copilot-sdk/extension";
import {
  createGoalStore,
  createGoalTools,
  type GoalToolResult,
  goalCloseInputSchema,
  goalOpenInputSchema,
  goalUpdateInputSchema,
  TOOL_DESCRIPTIONS,
  toolErrorText,
} from "@goalpost/core";
import * as z from "zod/mini";
import { goalpostStateRoot } from "./copilot-cli-paths.js";
import { COPILOT_CLI_HOST } from "./copilot-cli-profile.js";

const store = createGoalStore({ root: goalpostStateRoot(process.env) });
const tools = createGoalTools(store);

/** The session's project directory as goalpost's hooks first saw it, else the extension's own cwd (the session's). */
const cwdOf = (sessionId: string) => store.peek(sessionId)?.cwd ?? process.cwd();

function tool(
  name: keyof typeof TOOL_DESCRIPTIONS,
  input: z.ZodMiniObject | null,
  run: (caller: never, args: unknown) => GoalToolResult,
) {
  return {
    name,
    description: TOOL_DESCRIPTIONS[name],
    parameters: z.toJSONSchema(input ?? z.object({}), { io: "input" }) as Record<string, unknown>,
    skipPermission: true,
    handler: (args: unknown, invocation: ToolInvocation) => {
      if (invocation.agentId)
        return {
          textResultForLlm: "goalpost: goals belong to the main session; a subagent may not use the goal tools.",
          resultType: "failure",
          error: "subagent",
        };
      const caller = { sessionId: invocation.sessionId, host: COPILOT_CLI_HOST, cwd: cwdOf(invocation.sessionId) };
      try {
        return run(caller as never, args ?? {}).text;
      } catch (error) {
        return { textResultForLlm: toolErrorText(error), resultType: "failure", error: "refused" };
      }
    },
  };
}

await joinSession({
  tools: [
    tool("goalpost_status", null, (caller) => tools.status(caller)),
    tool("goalpost_open", goalOpenInputSchema, (caller, args) => tools.open(caller, args)),
    tool("goalpost_update", goalUpdateInputSchema, (caller, args) => tools.update(caller, args)),
    tool("goalpost_close", goalCloseInputSchema, (caller, args) => tools.close(caller, args)),
  ],
});
