// Claude Code's status line (docs/hosts/claude-code.md §12): `statusLine` in a settings file,
// `{ "type": "command", "command": …, "padding"?: n, "refreshInterval"?: seconds }`. Claude Code runs
// the command with `sh -c` after each assistant message (at most every 300 ms) and every
// `refreshInterval` seconds when set (≥ 1; 2.1.197's settings schema), in a trusted workspace and unless
// `disableAllHooks`, with the session's status JSON on stdin (`session_id`, `cwd`, `model`, …); each
// line it prints is a row under the prompt. goalpost's segment follows the user's own line.
import {
  type InstallContext,
  type InstallTarget,
  type StatusLineSpec,
  statusLineSession,
  statusLineTarget,
} from "@goalpost/adapter-kit";
import { descriptor } from "./claude-code-descriptor.js";
import { type ClaudeCodeScope, settingsFile } from "./claude-code-paths.js";

export const claudeCodeStatusLine: StatusLineSpec = statusLineSession("session_id");

/** goalpost's part of a scope's settings.json status line. */
export const statusLineSettings = (context: InstallContext): InstallTarget =>
  statusLineTarget({
    path: settingsFile(context.scope as ClaudeCodeScope, context.projectDir, context.env),
    format: "json",
    key: "statusLine",
    bin: descriptor.bin,
    id: descriptor.id,
    context,
    refreshKey: "refreshInterval",
  });
