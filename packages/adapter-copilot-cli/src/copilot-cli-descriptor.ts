// What the `goalpost` CLI needs to know of this adapter, without loading its hook path.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeAdapter } from "@goalpost/adapter-kit";
import { copilotCliAdapter } from "./copilot-cli-adapter.js";

/** The package root: dist/ lives directly under it. */
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

export const descriptor = describeAdapter(copilotCliAdapter, {
  binPath: join(packageRoot, "dist", `${copilotCliAdapter.bin}.js`),
  program: "copilot",
});
