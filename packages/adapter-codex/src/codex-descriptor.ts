// What the `goalpost` CLI needs to know of this adapter (its `./descriptor` entry): facts and its
// paths module only, so that the CLI loads none of the hook path.
// The kit's descriptor entry, not its main one: a few lines, not the hook path.
import { describeAdapter } from "@goalpost/adapter-kit/descriptor";
import { codexHome, goalpostStateRoot } from "./codex-paths.js";

export const descriptor = describeAdapter({
  id: "codex",
  displayName: "Codex",
  bin: "goalpost-codex",
  program: "codex",
  stateRoot: goalpostStateRoot,
  home: codexHome,
  moduleUrl: import.meta.url,
});
