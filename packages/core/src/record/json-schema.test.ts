import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { JSON_SCHEMAS } from "./goal-record-json-schema.js";

describe("checked-in JSON Schema", () => {
  it.each(Object.entries(JSON_SCHEMAS))(
    "schema/%s matches the zod schemas (run `pnpm --filter @goalpost/core generate:schema`)",
    (file, build) => {
      const checkedIn = JSON.parse(readFileSync(new URL(`../../schema/${file}`, import.meta.url), "utf8"));
      expect(checkedIn).toEqual(JSON.parse(JSON.stringify(build())));
    },
  );

  it("describes every property of the goal record", () => {
    const schema = JSON_SCHEMAS["goal-record.schema.json"]!() as { properties: Record<string, { description?: string }> };
    const undescribed = Object.entries(schema.properties)
      .filter(([, property]) => !property.description)
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
  });
});
