// Writes schema/*.schema.json from the built package (run `pnpm build` first). A test fails when the
// checked-in files differ from what the zod schemas generate.
import { writeFileSync } from "node:fs";
import { JSON_SCHEMAS } from "../dist/internal.js";

for (const [file, build] of Object.entries(JSON_SCHEMAS)) {
  writeFileSync(new URL(`../schema/${file}`, import.meta.url), `${JSON.stringify(build(), null, 2)}\n`);
  console.log(`wrote schema/${file}`);
}
