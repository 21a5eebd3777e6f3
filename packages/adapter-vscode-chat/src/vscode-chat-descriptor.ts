// What the `goalpost` CLI needs to know of this adapter, without loading its hook path.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeAdapter } from "@goalpost/adapter-kit";
import { vscodeChatAdapter } from "./vscode-chat-adapter.js";

/** The package root: dist/ lives directly under it. */
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

export const descriptor = describeAdapter(vscodeChatAdapter, {
  binPath: join(packageRoot, "dist", `${vscodeChatAdapter.bin}.js`),
  program: "code",
});
