import { describe, expect, it } from "vitest";
import { hookCommand, plainHookCommand } from "./hook-command.js";
import { ownEntries } from "./own-entries.js";

const own = ownEntries("goalpost-example");
const dist = "/opt/lib/node_modules/@goalpost/adapter-example/dist";
const root = "/home/me/.x/goalpost";

describe("goalpost's own hook commands", () => {
  it("are recognised in every form install writes, and in the longer forms of earlier builds (which install replaces)", () => {
    for (const command of [
      hookCommand(dist, "goalpost-example", "Stop", root),
      hookCommand(`'${dist}/my dir'`, "goalpost-example", "PreToolUse", root, { fast: true }),
      hookCommand(dist, "goalpost-example", "PreToolUse", root, { fast: true, loginShell: true }),
      hookCommand(`"\${CLAUDE_PLUGIN_ROOT}/dist"`, "goalpost-example", "Stop", `"\${HOME}/.x/goalpost"`),
      plainHookCommand(`${dist}/goalpost-example-hook.cjs`, "Stop"),
      "goalpost-example hook Stop",
      // Earlier builds: the bin, the loader, a start-up snapshot, the cache's folder in a variable.
      `node ${dist}/goalpost-example.js hook Stop`,
      `NODE_OPTIONS= node --snapshot-blob ${root}/snapshot/hook.blob ${dist}/goalpost-example.js hook Stop || node ${dist}/goalpost-example-hook.cjs hook Stop`,
      `GOALPOST_CODE_CACHE="\${GOALPOST_HOME:-${root}}/snapshot" node ${dist}/goalpost-example-hook.cjs hook Stop`,
      `node ${dist}/goalpost-example-snapshot.cjs hook Stop`,
    ])
      expect(own.isOwnCommand(command), command).toBe(true);
  });

  it("are not the user's own commands that merely mention the adapter", () => {
    for (const command of [
      "npx prettier --write .",
      "cat goalpost-example.log",
      "goalpost-example-report.sh hook",
      "ls dist/goalpost-example-snapshot.cjs",
      "wc -c dist/goalpost-example-hook.cjs",
      "cat dist/goalpost-example-hook.sh",
      '. "$h/goalpost-example-other-hook.sh"',
    ])
      expect(own.isOwnCommand(command), command).toBe(false);
  });
});
