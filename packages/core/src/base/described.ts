// A schema with its description for the JSON Schemas, set on the schema itself. zod/mini's
// `.check(z.describe(…))` clones the schema to attach it: every described field built twice as the
// module loads, which a plain hook pays for on every tool call. Only for a schema made right there
// (`z.string()`, `z.array(…)`): a shared one would carry the description to its every other use.
import * as z from "zod/mini";

export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { description });
  return schema;
}
