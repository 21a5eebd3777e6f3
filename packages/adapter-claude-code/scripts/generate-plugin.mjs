// Writes the plugin's generated files (run after `pnpm build`, and after `changeset version`):
// hooks/hooks.json from the adapter's event list, and plugin.json's version from package.json.
import { readFileSync, writeFileSync } from "node:fs";
import { claudeCodePluginHooks } from "../dist/index.js";

writeFileSync(new URL("../hooks/hooks.json", import.meta.url), `${JSON.stringify(claudeCodePluginHooks(), null, 2)}\n`);
const pluginFile = new URL("../.claude-plugin/plugin.json", import.meta.url);
const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const plugin = JSON.parse(readFileSync(pluginFile, "utf8"));
writeFileSync(pluginFile, `${JSON.stringify({ ...plugin, version }, null, 2)}\n`);
console.log(`wrote hooks/hooks.json and .claude-plugin/plugin.json (version ${version})`);
