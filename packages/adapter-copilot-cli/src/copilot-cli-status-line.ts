// Copilot CLI's status line (docs/hosts/copilot-cli.md §12): `statusLine` in settings.json,
// `{ "type"?: "command", "command": …, "padding"?: n, "refreshInterval"?: s }`, shown in the footer's
// custom slot (`footer.showCustom`, on unless the user turns it off). Copilot CLI resolves ~ and
// $VARIABLES in the command, then runs it with `sh -c` (10 s limit) whenever the session's state
// changes and every `refreshInterval` seconds when set, with its status JSON on stdin (`session_id`, `cwd`, `model`, …); the trimmed stdout is
// the slot's rows. goalpost's segment follows the user's own line.
import {
  type InstallContext,
  type InstallTarget,
  type StatusLineSpec,
  statusLineSession,
  statusLineTarget,
} from "@goalpost/adapter-kit";
import { descriptor } from "./copilot-cli-descriptor.js";
import { settingsFile } from "./copilot-cli-paths.js";

export const copilotCliStatusLine: StatusLineSpec = statusLineSession("session_id");

/** goalpost's part of settings.json's status line. */
export const statusLineSettings = (context: InstallContext): InstallTarget =>
  statusLineTarget({
    path: settingsFile(context.env),
    format: "json",
    key: "statusLine",
    bin: descriptor.bin,
    id: descriptor.id,
    refreshKey: "refreshInterval",
    context,
  });
