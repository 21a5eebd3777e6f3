// The Claude Code plugin form of the adapter (docs/hosts/claude-code.md §8): hooks/hooks.json runs the hook script
// inside the plugin's own folder. It is generated from the same event list install uses, and a test
// fails when the checked-in file differs (`pnpm --filter @goalpost/adapter-claude-code generate:plugin`).
// Its commands are install's, with words the shell expands: the plugin's folder, and the state root in
// CLAUDE_CONFIG_DIR or ~/.claude.
import { fastEvents, fastPathWakeWords, hookCommand, withOwnHookGroups } from "@goalpost/adapter-kit";
import { claudeCodeAdapter } from "./claude-code-adapter.js";
import { CLAUDE_CODE_BIN, INSTALLED_HOOK_EVENTS, timeoutOf } from "./claude-code-install.js";

const DIST = `"\${CLAUDE_PLUGIN_ROOT}/dist"`;
const ROOT = `"\${CLAUDE_CONFIG_DIR:-$HOME/.claude}/goalpost"`;

/** The plugin's hooks/hooks.json. ${CLAUDE_PLUGIN_ROOT} is substituted by Claude Code. */
export function claudeCodePluginHooks(): Record<string, unknown> {
  const fast = fastEvents(claudeCodeAdapter);
  return {
    description: "goalpost hooks",
    hooks: withOwnHookGroups(
      {},
      {
        isOwnCommand: () => false,
        events: INSTALLED_HOOK_EVENTS,
        command: (event) =>
          hookCommand(DIST, CLAUDE_CODE_BIN, event, ROOT, {
            fast: fast.includes(event),
            wakeWords: fastPathWakeWords(claudeCodeAdapter, event),
          }),
        timeout: timeoutOf,
        matcher: "",
      },
    ),
  };
}
