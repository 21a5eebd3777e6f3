// Writes hooks/hooks.json from the adapter's event list (run after `pnpm build`).
import { writeFileSync } from "node:fs";
import { claudeCodePluginHooks } from "../dist/index.js";

writeFileSync(new URL("../hooks/hooks.json", import.meta.url), `${JSON.stringify(claudeCodePluginHooks(), null, 2)}\n`);
console.log("wrote hooks/hooks.json");
