// Every JSON Schema goalpost publishes for harnesses in other languages, generated from the zod
// schemas (never written by hand). `pnpm --filter @goalpost/core generate:schema` writes schema/;
// a test fails when the checked-in files drift.

import * as z from "zod/mini";
import { generateJsonSchema, schemaUrl } from "./base/json-schema-generation.js";
import { engineDecisionSchema, engineEventSchema } from "./engine/engine-event.js";
import { goalRecordJsonSchema } from "./record/goal-record-json-schema.js";
import { sessionFileSchema } from "./store/session-file.js";
import { GOAL_TOOL_SPECS } from "./tools/goal-tool-specs.js";

/** A goal tool as a model's API takes it: its name, what it tells the model, its input's JSON Schema. */
export interface GoalToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

/**
 * The four goal tools, for a harness to hand its model (as Anthropic's `tools`, OpenAI's `functions`,
 * an MCP `tools/list`); a call comes back to `GOAL_TOOL_SPECS[i].run(tools, caller, args)` or the
 * matching `createGoalTools(store)` method. Also shipped as `@goalpost/core/goal-tools.json`.
 */
export function goalToolDefinitions(): GoalToolDefinition[] {
  return GOAL_TOOL_SPECS.map((spec) => {
    const { $schema: _, ...inputSchema } = z.toJSONSchema(spec.input, { io: "input" }) as Record<string, unknown>;
    return { name: spec.name, description: spec.description, inputSchema };
  });
}

/** Every generated schema file, by its name under schema/. */
export const JSON_SCHEMAS: Readonly<Record<string, () => Record<string, unknown>>> = {
  "goal-record.schema.json": goalRecordJsonSchema,
  "session-file.schema.json": () => generateJsonSchema(sessionFileSchema, "session-file.schema.json", "SessionFile"),
  "engine-event.schema.json": () => generateJsonSchema(engineEventSchema, "engine-event.schema.json", "EngineEvent"),
  "engine-decision.schema.json": () => generateJsonSchema(engineDecisionSchema, "engine-decision.schema.json", "EngineDecision"),
  "goal-tools.json": () => ({ $id: schemaUrl("goal-tools.json"), title: "goalpost's goal tools", tools: goalToolDefinitions() }),
};
