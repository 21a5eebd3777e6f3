// The Copilot CLI adapter: Copilot CLI's facts, handed to the kit, which does the rest.

import { defineHostAdapter, warmUpAndProbe } from "@goalpost/adapter-kit";
import { descriptor } from "./copilot-cli-descriptor.js";
import { copilotCliEvents, isVsCodePayload } from "./copilot-cli-events.js";
import { copilotCliInstall } from "./copilot-cli-install.js";
import { COPILOT_CLI_MCP_CALL_KEYS } from "./copilot-cli-mcp.js";
import { copilotHome, goalpostStateRoot } from "./copilot-cli-paths.js";
import { copilotCliProfile } from "./copilot-cli-profile.js";
import { copilotCliSamples } from "./copilot-cli-samples.js";
import { copilotCliStatusLine } from "./copilot-cli-status-line.js";
import { copilotCliTokens } from "./copilot-cli-tokens.js";
import { copilotUserPrompts } from "./copilot-cli-user-prompts.js";
import { copilotWorkRecord } from "./copilot-cli-work-record.js";

export const copilotCliAdapter = defineHostAdapter({
  specificationVersion: 2,
  // Its names, as the descriptor the `goalpost` CLI loads says them.
  id: descriptor.id,
  displayName: descriptor.displayName,
  bin: descriptor.bin,
  profile: copilotCliProfile,
  events: copilotCliEvents,
  foreignPayload: isVsCodePayload,
  stateRoot: goalpostStateRoot,
  home: copilotHome,
  sessionOf: (payload) => {
    const { sessionId, cwd } = payload as { sessionId: string; cwd?: string | null };
    return { sessionId, cwd };
  },
  // Copilot sets the session's project in every hook's environment (docs/hosts/copilot-cli.md §2); no session variable.
  projectDirVariable: "COPILOT_PROJECT_DIR",
  hostTokens: copilotCliTokens,
  // The event log, for the files of the working context only: it may lag the turn in hand.
  hostWorkRecord: copilotWorkRecord,
  // The same log as the record of what the user typed (copilot-cli-user-prompts.ts).
  hostUserPrompts: copilotUserPrompts,
  statusLine: copilotCliStatusLine,
  // No hook answer carries a note to the user (docs/hosts/copilot-cli.md §11): goalpost's extension shows them.
  noteOutbox: true,
  mcpCallIdKeys: COPILOT_CLI_MCP_CALL_KEYS,
  install: copilotCliInstall,
  // Warm-up and doctor's probe, from the host's samples.
  ...warmUpAndProbe(copilotCliSamples()),
});
