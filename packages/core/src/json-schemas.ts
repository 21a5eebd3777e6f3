// Every JSON Schema goalpost publishes for harnesses in other languages, generated from the zod
// schemas (never written by hand). `pnpm --filter @goalpost/core generate:schema` writes schema/;
// a test fails when the checked-in files drift.
import { engineDecisionSchema, engineEventSchema } from "./engine/engine-event.js";
import { generateJsonSchema } from "./json-schema-generation.js";
import { goalRecordJsonSchema } from "./record/goal-record-json-schema.js";
import { sessionFileSchema } from "./store/session-file.js";

/** Every generated schema file, by its name under schema/. */
export const JSON_SCHEMAS: Readonly<Record<string, () => Record<string, unknown>>> = {
  "goal-record.schema.json": goalRecordJsonSchema,
  "session-file.schema.json": () => generateJsonSchema(sessionFileSchema, "session-file.schema.json", "SessionFile"),
  "engine-event.schema.json": () => generateJsonSchema(engineEventSchema, "engine-event.schema.json", "EngineEvent"),
  "engine-decision.schema.json": () => generateJsonSchema(engineDecisionSchema, "engine-decision.schema.json", "EngineDecision"),
};
