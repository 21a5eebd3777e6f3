// The Claude Code plugin form of the adapter (HOSTS.md §1.8): hooks/hooks.json runs the bin inside
// the plugin's own folder. It is generated from the same event list install uses, and a test fails
// when the checked-in file differs (`pnpm --filter @goalpost/adapter-claude-code generate:plugin`).
// Its commands take the same forms install writes — the no-goal fast path, and the start-up snapshot,
// which a plugin builds on first use — with paths the shell resolves: the plugin's folder, and the
// state root in CLAUDE_CONFIG_DIR or ~/.claude.
import { pluginHookCommand, withOwnHookGroups } from "@goalpost/adapter-kit";
import { CLAUDE_CODE_BIN, claudeCodeInstall, HOOK_TIMEOUT, INSTALLED_HOOK_EVENTS } from "./claude-code-install.js";

const PATHS = {
  cli: `\${CLAUDE_PLUGIN_ROOT}/dist/${CLAUDE_CODE_BIN}.js`,
  hookEntry: `\${CLAUDE_PLUGIN_ROOT}/dist/${CLAUDE_CODE_BIN}-hook.cjs`,
  perlClient: `\${CLAUDE_PLUGIN_ROOT}/dist/${CLAUDE_CODE_BIN}-hook.pl`,
  root: `\${CLAUDE_CONFIG_DIR:-$HOME/.claude}/goalpost`,
  bin: CLAUDE_CODE_BIN,
};

/** The plugin's hooks/hooks.json. ${CLAUDE_PLUGIN_ROOT} is substituted by Claude Code. */
export function claudeCodePluginHooks(): Record<string, unknown> {
  return {
    description: "goalpost hooks",
    hooks: withOwnHookGroups(
      {},
      {
        isOwnCommand: () => false,
        events: INSTALLED_HOOK_EVENTS,
        command: (event) =>
          pluginHookCommand(event, PATHS, {
            fast: claudeCodeInstall.fastEvents?.includes(event) ?? false,
            wakeWords: claudeCodeInstall.fastPathWake,
          }),
        timeout: HOOK_TIMEOUT,
        matcher: "",
      },
    ),
  };
}
