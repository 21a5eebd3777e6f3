// The four goal tools as every channel offers them (MCP, a host's extension): name, what it tells the
// model, its input schema and the call into core. A channel adds only how a call finds its session.
import * as z from "zod/mini";
import { goalCloseInputSchema, goalOpenInputSchema, goalUpdateInputSchema } from "../record/goal-inputs.js";
import type { GoalToolResult, GoalTools, ToolCaller } from "./goal-tools.js";
import { TOOL_DESCRIPTIONS } from "./tool-descriptions.js";

export interface GoalToolSpec {
  readonly name: keyof typeof TOOL_DESCRIPTIONS;
  readonly description: string;
  readonly input: z.ZodMiniObject;
  run(tools: GoalTools, caller: ToolCaller, args: unknown): GoalToolResult;
}

const spec = (name: GoalToolSpec["name"], input: z.ZodMiniObject, run: GoalToolSpec["run"]): GoalToolSpec => ({
  name,
  description: TOOL_DESCRIPTIONS[name],
  input,
  run,
});

export const GOAL_TOOL_SPECS: readonly GoalToolSpec[] = [
  spec("goalpost_status", z.object({}), (tools, caller) => tools.status(caller)),
  spec("goalpost_open", goalOpenInputSchema, (tools, caller, args) => tools.open(caller, args)),
  spec("goalpost_update", goalUpdateInputSchema, (tools, caller, args) => tools.update(caller, args)),
  spec("goalpost_close", goalCloseInputSchema, (tools, caller, args) => tools.close(caller, args)),
];
