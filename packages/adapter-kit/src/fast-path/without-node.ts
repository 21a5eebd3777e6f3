// What the hook script needs when it finds no `node` on the hook's PATH (a host started from a GUI with
// a bare PATH, a version manager's shims switched off): `<fast-path>/<bin>-without-node`, written by
// install and by each hook server as it starts, so it names the Node that last ran goalpost's code.
//
//   node <path of that Node>
//   stop <event> <payload key of the session id, or -> <the host's answer refusing the stop>
//
// The script runs the hook with that Node; with none there either, it says so in one line on stderr and,
// for the adapter's main-session stop while the session's open marker is there (core's
// open-goal-markers), prints the refusal written here: a goal known open is never let go for want of
// Node. The refusal is core's (WITHOUT_NODE_DECISION) in the adapter's own answer (its toOutput), checked
// against its output schema, rendered from its own sample of the stop — host facts stay in the adapter.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { WITHOUT_NODE_DECISION, writeFileAtomic } from "@goalpost/core/internal";
import type { HostAdapter } from "../contract/host-adapter.js";
import { mainStopSamples } from "../installing/fast-events.js";
import { FAST_PATH_FOLDER } from "../installing/hook-command.js";

/** The file beside the hook server's socket. */
const withoutNodeFile = (root: string, bin: string) => join(root, FAST_PATH_FOLDER, `${bin}-without-node`);

/** The top-level key of `payload` that holds `sessionId`, as a host writes it; "-" when none does. */
function sessionKey(payload: Record<string, unknown>, sessionId: string): string {
  const key = Object.keys(payload).find((name) => payload[name] === sessionId && /^\w+$/.test(name));
  return key ?? "-";
}

/** The file's text for `adapter`, with `node` the Node to run hooks with. */
function withoutNodeText(adapter: HostAdapter, node: string): string {
  const lines = [`node ${node}`];
  for (const sample of mainStopSamples(adapter)) {
    const spec = adapter.events[sample.event]!;
    const output = spec.toOutput(WITHOUT_NODE_DECISION, sample.payload);
    const checked = output === null || output === undefined ? undefined : spec.output.safeParse(output);
    if (!checked?.success) continue;
    const key = sessionKey(sample.payload, adapter.sessionOf(sample.payload).sessionId);
    lines.push(`stop ${sample.event} ${key} ${JSON.stringify(checked.data)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Writes the file into the state root `root` unless it already says the same. Never throws: a hook's fast path is an extra. */
export function recordWithoutNode(adapter: HostAdapter, root: string, node: string = process.execPath): void {
  const file = withoutNodeFile(root, adapter.bin);
  try {
    const text = withoutNodeText(adapter, node);
    let before: string | undefined;
    try {
      before = readFileSync(file, "utf8");
    } catch {}
    if (before !== text) writeFileAtomic(file, text);
  } catch {}
}
