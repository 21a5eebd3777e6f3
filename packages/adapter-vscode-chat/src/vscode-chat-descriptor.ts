// What the `goalpost` CLI needs to know of this adapter (its `./descriptor` entry): facts and its
// paths module only, so that the CLI loads none of the hook path.
// The kit's descriptor entry, not its main one: a few lines, not the hook path.
import { describeAdapter } from "@goalpost/adapter-kit/descriptor";
import { goalpostStateRoot, vscodeUserDir } from "./vscode-chat-paths.js";

export const descriptor = describeAdapter({
  id: "vscode-chat",
  displayName: "VS Code Copilot Chat",
  bin: "goalpost-vscode-chat",
  program: "code",
  stateRoot: goalpostStateRoot,
  home: vscodeUserDir,
  moduleUrl: import.meta.url,
});
