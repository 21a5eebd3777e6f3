// What the `goalpost` CLI needs to know of this adapter (its `./descriptor` entry): facts and its
// paths module only, so that the CLI loads none of the hook path.
// The kit's descriptor entry, not its main one: a few lines, not the hook path.
import { describeAdapter } from "@goalpost/adapter-kit/descriptor";
import { claudeConfigDir, goalpostStateRoot } from "./claude-code-paths.js";

export const descriptor = describeAdapter({
  id: "claude-code",
  displayName: "Claude Code",
  bin: "goalpost-claude-code",
  program: "claude",
  stateRoot: goalpostStateRoot,
  home: claudeConfigDir,
  moduleUrl: import.meta.url,
});
