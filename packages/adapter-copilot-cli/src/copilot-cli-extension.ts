// goalpost's Copilot CLI extension: the four goal tools, registered through the SDK the CLI gives its
// extensions (docs/hosts/copilot-cli.md §8), the session's plan followed into goalpost's tasks, and the
// hooks' notes for the user shown in the session. The CLI runs this file as its own Node process, where only
// `@github/copilot-sdk/extension` resolves: everything else is bundled in. Its stdout is the JSON-RPC
// channel to the CLI, so nothing here writes to it. Each call belongs to `invocation.sessionId`, the
// root session, which Copilot sets itself (the model cannot name another one); a subagent's call
// carries `invocation.agentId` and is refused.
import { joinSession, type ToolInvocation } from "@github/copilot-sdk/extension";
import { takeNotes } from "@goalpost/adapter-kit";
import {
  createGoalEngine,
  createGoalStore,
  createGoalTools,
  GOAL_TOOL_SPECS,
  type GoalToolSpec,
  loadEngineConfig,
  toolErrorText,
} from "@goalpost/core";
import { SUBAGENT_BOUNDARY_NOTICE, taskStatus } from "@goalpost/core/internal";
import * as z from "zod/mini";
import { goalpostStateRoot } from "./copilot-cli-paths.js";
import { COPILOT_CLI_HOST, copilotCliProfile } from "./copilot-cli-profile.js";

const root = goalpostStateRoot(process.env);
const store = createGoalStore({ root });
// The checks' run is not started from here: this process has no sandbox runtime beside it (only the
// SDK resolves). A close leaves the run on record unclaimed, and the next hook (the stop that follows)
// starts it as the adapter's own detached process.
const tools = createGoalTools(store, { startVerification: () => {} });

/** The session's project directory as goalpost's hooks first saw it, else the extension's own cwd (the session's). */
const cwdOf = (sessionId: string) => store.peek(sessionId)?.cwd ?? process.cwd();

function tool(spec: GoalToolSpec) {
  return {
    name: spec.name,
    description: spec.description,
    parameters: z.toJSONSchema(spec.input, { io: "input" }) as Record<string, unknown>,
    skipPermission: true,
    handler: (args: unknown, invocation: ToolInvocation) => {
      if (invocation.agentId) return { textResultForLlm: SUBAGENT_BOUNDARY_NOTICE, resultType: "failure", error: "subagent" };
      const caller = { sessionId: invocation.sessionId, host: COPILOT_CLI_HOST, cwd: cwdOf(invocation.sessionId) };
      try {
        return spec.run(tools, caller, args ?? {}).text;
      } catch (error) {
        return { textResultForLlm: toolErrorText(error), resultType: "failure", error: "refused" };
      }
    },
  };
}

const session = await joinSession({ tools: GOAL_TOOL_SPECS.map(tool) });

// Copilot CLI's plan is its session database's `todos` table, which the model writes through the `sql`
// tool; each write signals `session.todos_changed` (docs/hosts/copilot-cli.md §8). The rows move the
// goal's task goals, or with no goal the session's focus — through the engine's own event, like any
// host's list; this process cannot show the model the focus (contextShown: false), the next prompt's
// hook does. The engine is made for each change, as a hook makes it: this process lives as long as the
// session, and the user's settings may change meanwhile.
session.on("session.todos_changed", () => {
  session.rpc.plan
    .readSqlTodosWithDependencies()
    .then(({ rows }) => {
      const tasks = rows.flatMap((row) => (row.title ? [{ text: row.title, status: taskStatus(row.status) }] : []));
      const { sessionId } = session;
      const engine = createGoalEngine({ store, config: loadEngineConfig(root), profile: copilotCliProfile });
      engine.handle({
        type: "tasks-updated",
        sessionId,
        host: COPILOT_CLI_HOST,
        cwd: cwdOf(sessionId),
        tasks,
        contextShown: false,
      });
    })
    .catch(() => {});
});

// What goalpost's hooks would tell the user — a goal let go, a refused close, a breach, the hint that
// /goal exists — no hook answer can carry on Copilot CLI: the hooks leave it in the session's outbox,
// and it shows here, in the session's timeline, as a warning (`session.log`: ran, 1.0.102). Taken as
// each hook ends (`hook.end`, after the hook left its note), so only once this process is joined and
// the session's events reach it; a note left before then waits for the next hook.
session.on((event) => {
  if (event.type !== "hook.end") return;
  for (const text of takeNotes(root, session.sessionId)) session.log(text, { level: "warning" }).catch(() => {});
});
