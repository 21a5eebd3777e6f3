// JSON Schema for third-party harnesses, generated from the zod schemas (never written by hand).
// `pnpm generate:schema` writes schema/; a test fails when the checked-in files drift.
import * as z from "zod/mini";
import { goalRecordSchema } from "./goal-record.js";

export const GOAL_RECORD_SCHEMA_ID = "https://unpkg.com/@goalpost/core@0/schema/goal-record.schema.json";

export function goalRecordJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(goalRecordSchema, { io: "input" }), $id: GOAL_RECORD_SCHEMA_ID, title: "GoalRecord" };
}
