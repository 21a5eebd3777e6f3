// Where goalpost's JSON Schemas are published (the files ship in the package under schema/) and how
// one is generated from a zod schema: input shape, with its $id and title.
import * as z from "zod/mini";

const SCHEMA_BASE_URL = "https://unpkg.com/@goalpost/core@0/schema/";

export const schemaUrl = (file: string): string => `${SCHEMA_BASE_URL}${file}`;

export function generateJsonSchema(schema: z.ZodMiniType, file: string, title: string): Record<string, unknown> {
  return { ...z.toJSONSchema(schema, { io: "input" }), $id: schemaUrl(file), title };
}
