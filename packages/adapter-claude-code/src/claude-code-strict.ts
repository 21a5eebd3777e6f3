// goalpost's strict mode on Claude Code (docs/hosts/claude-code.md §10, ../shared SANDBOX.md): Claude
// Code's own sandbox around its Bash tool, turned on in the settings that hold goalpost's hooks, with no
// way out of it. Inside it the agent's commands write only the project and the sandbox's temporary
// folder; goalpost's state, its installed files, Claude Code's settings and transcripts are read-only
// (outside the project, and named again by the walls' `Edit(…)` rules, which the sandbox merges into its
// `denyWrite`); every Unix socket `connect()` fails (seccomp), so goalpost's hook server is out of reach.
// `allowUnsandboxedCommands: false` makes Claude Code ignore a call's `dangerouslyDisableSandbox`.
// The kit keeps the user's own values and puts them back (installing/strict-mode.ts).
// The project's goal file is the user's: strict mode adds a deny rule relative to the session's folder,
// which keeps the Write and Edit tools off it and which the sandbox binds read-only for the agent's
// commands (measured: docs/hosts/claude-code.md §10).
import {
  type DoctorCheck,
  type DoctorContext,
  hostSandboxUnavailable,
  type InstallContext,
  type InstallTarget,
  isStrict,
  strictModeCheck,
  strictModeTargets,
} from "@goalpost/adapter-kit";
import { type ClaudeCodeScope, goalpostStateRoot, settingsFile } from "./claude-code-paths.js";
import { withoutWalls, withWalls } from "./claude-code-walls.js";

/** What strict mode sets in Claude Code's settings. */
const STRICT = { "sandbox.enabled": true, "sandbox.allowUnsandboxedCommands": false } as const;
const SANDBOX = "Claude Code's sandbox";
/** The goal file, relative to the folder Claude Code runs in (a rule without a leading `/`). */
const GOAL_FILE_RULE = "Edit(.goalpost/goal.md)";

const stateRoot = (env: InstallContext["env"]) => goalpostStateRoot({ ...env, GOALPOST_HOME: "" });

/** Strict mode's record and its part of a scope's settings; none in a committed scope (it would be every teammate's). */
export function strictTargets(context: InstallContext): { record: InstallTarget | null; settings: InstallTarget | null } {
  if (context.scope === "project") return { record: null, settings: null };
  const { record, settings } = strictModeTargets(context, {
    path: settingsFile(context.scope as ClaudeCodeScope, context.projectDir, context.env),
    format: "json",
    values: STRICT,
    root: stateRoot(context.env),
    sandbox: SANDBOX,
  });
  if (!settings) return { record, settings };
  // The goal file's rule stands exactly while the sandbox's values do.
  const goalFile = [GOAL_FILE_RULE];
  return {
    record,
    settings: {
      ...settings,
      install: (data) => {
        const next = settings.install(data);
        return isStrict(next, STRICT) ? withWalls(next, goalFile) : withoutWalls(next, goalFile);
      },
      uninstall: (data) => withoutWalls(settings.uninstall(data), goalFile),
    },
  };
}

/** What strict mode needs on this machine: on Linux, bubblewrap and socat (Claude Code's sandbox runtime). */
export const strictUnavailable = (): string | null => hostSandboxUnavailable(SANDBOX, { bwrap: "bubblewrap", socat: "socat" });

/** doctor's line on the mode. */
export const strictDoctorChecks = (context: DoctorContext): DoctorCheck[] => [
  strictModeCheck({
    adapter: context.adapter,
    env: context.env,
    root: stateRoot(context.env),
    files: (["user", "local"] as const).map((scope) => settingsFile(scope, context.projectDir, context.env)),
    sandbox: SANDBOX,
    unavailable: strictUnavailable(),
  }),
];
