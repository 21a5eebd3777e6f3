// The shell goal tools (`<bin> open '<json>'`) where the agent's commands cannot write goalpost's files:
// a host sandbox (Claude Code's, in goalpost's strict mode) runs each command with goalpost's state
// read-only and its socket out of reach, so the command itself can only fail. The hook that sees the
// call runs outside that sandbox: it runs the goal tool there, for the main session only, and answers
// with the tool's own text as the call's refusal — which the host hands to the model as the call's
// result. The same tools, the same checks, one process fewer.

import { createToolClassifier } from "../evidence/classify-tool-call.js";
import { goalToolInvocation } from "../evidence/goal-tool-names.js";
import type { HostProfile } from "../host/host-profile.js";
import type { GoalStore } from "../store/goal-store.js";
import { createGoalTools, toolErrorText } from "../tools/goal-tools.js";
import type { StartVerification } from "../verify/verification-request.js";
import type { EngineDecision, EngineEventOf } from "./engine-event.js";

interface GoalToolsInHookOptions {
  readonly store: GoalStore;
  readonly profile: HostProfile;
  readonly startVerification?: StartVerification;
  /** The host's name for the answer ("Claude Code's sandbox"). */
  readonly sandbox: string;
}

/** The answer to a shell goal tool call run here, or null when the call is not one (the engine judges it). */
export function goalToolInHook(
  event: Pick<EngineEventOf<"tool-about-to-run">, "sessionId" | "host" | "cwd" | "toolName" | "toolInput"> & {
    readonly subagent?: boolean;
  },
  options: GoalToolsInHookOptions,
): EngineDecision | null {
  // A subagent's goal tool is the engine's to refuse.
  if (event.subagent) return null;
  const call = createToolClassifier(options.profile).describe(event.toolName, event.toolInput);
  const invocation = call.command === undefined ? null : goalToolInvocation(call.command);
  if (!invocation) return null;
  const caller = { sessionId: event.sessionId, host: event.host, cwd: event.cwd };
  const tools = createGoalTools(options.store, {
    ...(options.startVerification ? { startVerification: options.startVerification } : {}),
  });
  const said = `goalpost ran \`${invocation.verb}\` for you in its hook (${options.sandbox} keeps commands out of goalpost's files), and this is its answer, not an error`;
  let text: string;
  try {
    if (invocation.verb === "status") text = tools.status(caller).text;
    else {
      const raw = invocation.args[0];
      if (raw === undefined || raw === "-")
        return { action: "deny-tool", reason: `${said}: give the input on the command line, as one JSON argument.` };
      text = tools[invocation.verb](caller, JSON.parse(raw)).text;
    }
  } catch (error) {
    text = error instanceof SyntaxError ? `the input must be a JSON object (${error.message}).` : toolErrorText(error);
  }
  return { action: "deny-tool", reason: `${said}:\n${text}` };
}
