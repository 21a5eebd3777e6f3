// `<bin>.cjs`, the file npm links as the adapter's bin. A committed (shared-scope) settings file runs
// the bin by name from PATH on every tool call, so the bin is CommonJS: Node's ESM loader alone costs
// ~0.2x a Node start, and `hook` is handed to the hook loader beside it (hook-loader.ts) at once.
// Every other command imports the ESM bin, `<bin>.js` (run-bin.ts), which installed commands name.
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { hookEntryPath } from "../installing/hook-command.js";

const bin = basename(__filename, ".cjs");
const loader = hookEntryPath(bin, __filename);
if (process.argv[2] === "hook" && existsSync(loader)) require(loader);
else import(pathToFileURL(join(__dirname, `${bin}.js`)).href);
