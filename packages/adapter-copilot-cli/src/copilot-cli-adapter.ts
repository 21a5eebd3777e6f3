// The Copilot CLI adapter: Copilot CLI's facts, handed to the kit, which does the rest.

import { defineHostAdapter, type SamplePayload } from "@goalpost/adapter-kit";
import { descriptor } from "./copilot-cli-descriptor.js";
import { copilotCliEvents, isVsCodePayload } from "./copilot-cli-events.js";
import { copilotCliInstall } from "./copilot-cli-install.js";
import { copilotHome, goalpostStateRoot } from "./copilot-cli-paths.js";
import { copilotCliProfile } from "./copilot-cli-profile.js";

const sample = (event: string, fields: Record<string, unknown>): SamplePayload => ({
  event,
  payload: { sessionId: "goalpost-sample", timestamp: 0, cwd: "/goalpost-sample", ...fields },
});

const bash = { toolName: "bash", toolArgs: { command: "npm test", description: "run the tests" } };

export const copilotCliAdapter = defineHostAdapter({
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
  mcpSessionResolver: async (store) => (await import("./copilot-cli-mcp.js")).copilotCliSessionResolver(store),
  install: copilotCliInstall,
  warmUp: [
    sample("sessionStart", { source: "new", initialPrompt: "/goal warm up" }),
    sample("userPromptSubmitted", { prompt: "/goal warm up the hook paths" }),
    sample("preToolUse", bash),
    sample("postToolUse", {
      ...bash,
      toolResult: { resultType: "success", textResultForLlm: "ok\n<shellId: 0 completed with exit code 0>" },
    }),
    sample("agentStop", { stopReason: "end_turn", stop_hook_active: false }),
  ],
  probe: sample("sessionEnd", { reason: "complete" }),
});
