// The VS Code Copilot Chat adapter: VS Code's facts, handed to the kit, which does the rest.

import { defineHostAdapter, warmUpAndProbe } from "@goalpost/adapter-kit";
import { descriptor } from "./vscode-chat-descriptor.js";
import { vscodeChatEvents } from "./vscode-chat-events.js";
import { sessionIdOf } from "./vscode-chat-hook-payload.js";
import { vscodeChatInstall } from "./vscode-chat-install.js";
import { goalpostStateRoot, vscodeUserDir } from "./vscode-chat-paths.js";
import { vscodeChatProfile } from "./vscode-chat-profile.js";
import { vscodeChatSamples } from "./vscode-chat-samples.js";

export const vscodeChatAdapter = defineHostAdapter({
  specificationVersion: 2,
  // Its names, as the descriptor the `goalpost` CLI loads says them.
  id: descriptor.id,
  displayName: descriptor.displayName,
  bin: descriptor.bin,
  profile: vscodeChatProfile,
  events: vscodeChatEvents,
  stateRoot: goalpostStateRoot,
  home: vscodeUserDir,
  sessionOf: (payload) => {
    const p = payload as { session_id?: string | null; sessionId?: string | null; cwd?: string | null };
    return { sessionId: sessionIdOf(p), cwd: p.cwd };
  },
  // No cwd means no workspace folder, and then the hook runs in the user's home: not a project.
  requiresProjectDir: true,
  // Copilot CLI reads ~/.copilot/hooks/ too, runs this PascalCase file with snake_case payloads just
  // like VS Code's, and sets COPILOT_CLI=1 in every hook's environment (docs/hosts/copilot-cli.md §2, §3.3).
  foreignRun: (env) => env["COPILOT_CLI"] === "1",
  install: vscodeChatInstall,
  // Warm-up and doctor's probe, from the host's samples.
  ...warmUpAndProbe(vscodeChatSamples()),
  doctorChecks: () => [
    {
      ok: true,
      label: "where to look",
      detail:
        "in VS Code, Output → “GitHub Copilot Chat Hooks” shows each hook run, and /hooks in the chat lists the hooks loaded. The workspace must be trusted. chat.useCustomAgentHooks is only for hooks inside agent files; goalpost's are in its hook file.",
    },
  ],
});
