// Runs every benchmark of the package in turn. Figures only: nothing here passes or fails.
import { readdirSync } from "node:fs";

for (const file of readdirSync(new URL(".", import.meta.url))
  .filter((name) => name !== "run.mjs" && name.endsWith(".mjs"))
  .sort()) {
  await import(new URL(file, import.meta.url).href);
  console.log();
}
