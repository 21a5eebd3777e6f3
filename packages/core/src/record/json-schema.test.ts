import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { JSON_SCHEMAS } from "../json-schemas.js";

describe("checked-in JSON Schema", () => {
  it.each(Object.entries(JSON_SCHEMAS))(
    "schema/%s matches the zod schemas (run `pnpm --filter @goalpost/core generate:schema`)",
    (file, build) => {
      const checkedIn = JSON.parse(readFileSync(new URL(`../../schema/${file}`, import.meta.url), "utf8"));
      expect(checkedIn).toEqual(JSON.parse(JSON.stringify(build())));
    },
  );

  it.each(Object.keys(JSON_SCHEMAS))("%s describes every property (of every variant)", (file) => {
    type Node = { properties?: Record<string, { description?: string }>; oneOf?: Node[]; anyOf?: Node[] };
    const schema = JSON_SCHEMAS[file]!() as Node;
    const variants = schema.oneOf ?? schema.anyOf ?? [schema];
    const undescribed = variants.flatMap((variant) =>
      Object.entries(variant.properties ?? {})
        .filter(([name, property]) => !property.description && name !== "$schema")
        .map(([name]) => name),
    );
    expect(undescribed).toEqual([]);
  });
});
