// What the `goalpost` CLI needs to know of this adapter (its `./descriptor` entry): facts and its
// paths module only, so that the CLI loads none of the hook path.
// The kit's descriptor entry, not its main one: a few lines, not the hook path.
import { describeAdapter } from "@goalpost/adapter-kit/descriptor";
import { copilotHome, goalpostStateRoot } from "./copilot-cli-paths.js";

export const descriptor = describeAdapter({
  id: "copilot-cli",
  displayName: "Copilot CLI",
  bin: "goalpost-copilot-cli",
  program: "copilot",
  stateRoot: goalpostStateRoot,
  home: copilotHome,
  moduleUrl: import.meta.url,
});
