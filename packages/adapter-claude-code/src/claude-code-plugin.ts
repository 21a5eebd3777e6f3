// The Claude Code plugin form of the adapter (HOSTS.md §1.8): hooks/hooks.json runs the bin inside
// the plugin's own folder. It is generated from the same event list install uses, and a test fails
// when the checked-in file differs (`pnpm --filter @goalpost/adapter-claude-code generate:plugin`).
import { withOwnHookGroups } from "@goalpost/adapter-kit";
import { CLAUDE_CODE_BIN, HOOK_TIMEOUT, INSTALLED_HOOK_EVENTS } from "./claude-code-install.js";

/** The plugin's hooks/hooks.json. ${CLAUDE_PLUGIN_ROOT} is substituted by Claude Code. */
export function claudeCodePluginHooks(): Record<string, unknown> {
  return {
    description: "goalpost hooks",
    hooks: withOwnHookGroups(
      {},
      {
        isOwnCommand: () => false,
        events: INSTALLED_HOOK_EVENTS,
        command: (event) => `node "\${CLAUDE_PLUGIN_ROOT}/dist/${CLAUDE_CODE_BIN}.js" hook ${event}`,
        timeout: HOOK_TIMEOUT,
        matcher: "",
      },
    ),
  };
}
