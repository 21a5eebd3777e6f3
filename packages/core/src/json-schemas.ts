// Every JSON Schema goalpost publishes for harnesses in other languages, generated from the zod
// schemas (never written by hand). `pnpm --filter @goalpost/core generate:schema` writes schema/;
// a test fails when the checked-in files drift.
import * as z from "zod/mini";
import { engineDecisionSchema, engineEventSchema } from "./engine/engine-event.js";
import { goalRecordJsonSchema } from "./record/goal-record-json-schema.js";
import { SESSION_FILE_SCHEMA_ID, sessionFileSchema } from "./store/session-file.js";

const SCHEMA_BASE = "https://unpkg.com/@goalpost/core@0/schema/";

const generated = (schema: z.ZodMiniType, file: string, title: string) => () => ({
  ...z.toJSONSchema(schema, { io: "input" }),
  $id: `${SCHEMA_BASE}${file}`,
  title,
});

/** Every generated schema file, by its name under schema/. */
export const JSON_SCHEMAS: Readonly<Record<string, () => Record<string, unknown>>> = {
  "goal-record.schema.json": goalRecordJsonSchema,
  "session-file.schema.json": () => ({
    ...z.toJSONSchema(sessionFileSchema, { io: "input" }),
    $id: SESSION_FILE_SCHEMA_ID,
    title: "SessionFile",
  }),
  "engine-event.schema.json": generated(engineEventSchema, "engine-event.schema.json", "EngineEvent"),
  "engine-decision.schema.json": generated(engineDecisionSchema, "engine-decision.schema.json", "EngineDecision"),
};
