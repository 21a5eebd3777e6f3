// JSON Schema of the goal record for third-party harnesses, generated from the zod schema (never
// written by hand). `pnpm generate:schema` writes schema/; a test fails when the checked-in file drifts.
import { generateJsonSchema } from "../base/json-schema-generation.js";
import { goalRecordSchema } from "./goal-record.js";

export function goalRecordJsonSchema(): Record<string, unknown> {
  return generateJsonSchema(goalRecordSchema, "goal-record.schema.json", "GoalRecord");
}
