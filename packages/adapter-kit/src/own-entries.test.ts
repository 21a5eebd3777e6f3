import { describe, expect, it } from "vitest";
import { hookCommand } from "./hook-command.js";
import { ownEntries } from "./own-entries.js";

const own = ownEntries("goalpost-example");
const cli = "/opt/lib/node_modules/@goalpost/adapter-example/dist/goalpost-example.js";
const entry = "/opt/lib/node_modules/@goalpost/adapter-example/dist/goalpost-example-hook.cjs";
/** The form installs before the hook loader wrote: the bundle run plainly. Uninstall must still find it. */
const olderEntry = "/opt/lib/node_modules/@goalpost/adapter-example/dist/goalpost-example-snapshot.cjs";
const root = "/home/me/.x/goalpost";

describe("goalpost's own hook commands", () => {
  it("are recognised in every form install writes: plain bin, hook loader, snapshot, fast path", () => {
    for (const command of [
      hookCommand(cli, "Stop"),
      hookCommand(cli, "Stop", { hookEntry: entry }),
      hookCommand(cli, "Stop", { hookEntry: entry, snapshotBlob: `${root}/snapshot/hook.blob` }),
      hookCommand(cli, "PreToolUse", { hookEntry: entry, fastPathRoot: root }),
      // The loader's form before it found its cache itself: the cache's folder in a variable.
      `GOALPOST_CODE_CACHE="\${GOALPOST_HOME:-${root}}/snapshot" node ${entry} hook Stop`,
      hookCommand(cli, "Stop", { hookEntry: olderEntry, snapshotBlob: `${root}/snapshot/hook.blob` }),
      "goalpost-example hook Stop",
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
    ])
      expect(own.isOwnCommand(command), command).toBe(false);
  });
});
