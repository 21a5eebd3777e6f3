// Engine settings and the escape hatches a user needs when goalpost is in their way: enforcement can
// be warn-only or off, and a kill switch (an environment variable or a file in the state root) turns
// every hook into a no-op answer at once.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import type { Env } from "../base/env.js";
import { parseBudget } from "../record/goal-budget.js";

export const engineConfigSchema = z.strictObject({
  enforcement: z
    ._default(z.enum(["enforce", "warn", "off"]), "enforce")
    .check(z.describe("enforce: deny drifting tools and block stops; warn: only warn; off: inject context only.")),
  driftWarnAt: z
    ._default(z.int().check(z.positive()), 3)
    .check(z.describe("Tool calls since the last goal update after which each call is warned.")),
  driftDenyAt: z
    ._default(z.int().check(z.positive()), 5)
    .check(z.describe("Tool calls since the last goal update after which the next non-goal tool is denied.")),
  stopBlockLimit: z
    ._default(z.int().check(z.positive()), 3)
    .check(
      z.describe(
        "Stops refused without progress (a changed work tree, a pass of goalpost's run of the checks, or the user's prompt) before the goal needs the user's input and stops go through. A goal update is not progress.",
      ),
    ),
  budget: z
    ._default(
      z.nullable(
        z
          .string()
          .check(
            z.refine(
              (words) => parseBudget(words) !== null,
              'not a budget: write e.g. "2h", "90 min", "500k tokens", "30 turns"',
            ),
          ),
      ),
      null,
    )
    .check(
      z.describe(
        'The budget every new goal gets unless the user gives one (`goal: … budget 2h`), in the same words: e.g. "2h, 500k tokens". null: none.',
      ),
    ),
  goalHint: z
    ._default(z.boolean(), true)
    .check(
      z.describe(
        "Tell the user once per session, at its first prompt with no goal and no task set, that `goal:` exists. false: never.",
      ),
    ),
  compactBudget: z
    ._default(z.int().check(z.minimum(600)), 1200)
    .check(z.describe("Characters of the goal block injected with every prompt.")),
  retentionDays: z
    ._default(z.int().check(z.positive()), 30)
    .check(z.describe("Days after which a session whose goals are all closed is archived by `goalpost prune`.")),
  fullBudget: z
    ._default(z.int().check(z.minimum(600)), 4000)
    .check(z.describe("Characters of the goal block injected at session start, resume and after compaction.")),
  checkTimeoutMinutes: z
    ._default(z.int().check(z.positive()), 30)
    .check(z.describe("Minutes goalpost lets one check run before it stops it and counts it as failed.")),
  unsandboxedChecks: z
    ._default(z.enum(["ask", "allow"]), "ask")
    .check(
      z.describe(
        "Where no sandbox can run the checks: ask (the goal waits for `goal: accept`, which runs them once without one) or allow (run them without one).",
      ),
    ),
  notify: z
    ._default(z.nullable(z.string().check(z.minLength(1))), null)
    .check(
      z.describe(
        "A shell command goalpost runs, detached, when the user is needed or a goal ends: the agent let go (needs input, budget reached), a goal closed on goalpost's run, a close its run refused. It reads a JSON document on stdin: event, host, sessionId, cwd, goal {id, objective, status}, message, todo.",
      ),
    ),
  desktopNotifications: z
    ._default(z.boolean(), false)
    .check(z.describe("Also show those moments as desktop notifications (notify-send on Linux, osascript on macOS).")),
  verifyWaitSeconds: z
    ._default(z.int().check(z.nonnegative(), z.maximum(10)), 5)
    .check(z.describe("Seconds a stop waits for a verification under way before it is held with 'verifying'.")),
});
export type EngineConfig = z.infer<typeof engineConfigSchema>;
export type EngineConfigInput = z.input<typeof engineConfigSchema>;

export const DEFAULT_ENGINE_CONFIG: EngineConfig = engineConfigSchema.parse({});

/**
 * goalpost's own variables that switch it off or change what it does (kill switch, state root,
 * enforcement): a host setting that hands them to every hook is worth telling the user about.
 */
export const GOALPOST_SWITCH_VARIABLES = ["GOALPOST_DISABLED", "GOALPOST_HOME", "GOALPOST_ENFORCEMENT"] as const;

/** Name of the file in the state root that disables goalpost. */
export const KILL_SWITCH_FILE = "disabled";
export const CONFIG_FILE = "config.json";

/** True when GOALPOST_DISABLED is set (to anything but 0/false) or `<root>/disabled` exists. */
export function killSwitchEngaged(root: string, env: Env = process.env): boolean {
  const flag = env["GOALPOST_DISABLED"]?.trim().toLowerCase();
  if (flag && flag !== "0" && flag !== "false") return true;
  return existsSync(join(root, KILL_SWITCH_FILE));
}

/**
 * The config in force: defaults, then `<root>/config.json` (strict: unknown keys are an error the
 * user sees), then GOALPOST_ENFORCEMENT. A broken config file never breaks the host: it is reported
 * through `warn` and the defaults apply.
 */
export function loadEngineConfig(root: string, env: Env = process.env, warn: (message: string) => void = () => {}): EngineConfig {
  let fromFile: unknown = {};
  const path = join(root, CONFIG_FILE);
  if (existsSync(path)) {
    try {
      fromFile = JSON.parse(readFileSync(path, "utf8"));
    } catch (error) {
      warn(`goalpost: ${path} is not valid JSON (${(error as Error).message}); using defaults.`);
    }
  }
  const parsed = engineConfigSchema.safeParse(fromFile);
  let config = parsed.success ? parsed.data : DEFAULT_ENGINE_CONFIG;
  if (!parsed.success)
    warn(`goalpost: ${path} is invalid (${z.prettifyError(parsed.error).replace(/\n/g, " ")}); using defaults.`);
  const enforcement = env["GOALPOST_ENFORCEMENT"]?.trim().toLowerCase();
  if (enforcement === "enforce" || enforcement === "warn" || enforcement === "off") config = { ...config, enforcement };
  else if (enforcement) warn(`goalpost: GOALPOST_ENFORCEMENT must be enforce, warn or off (got "${enforcement}").`);
  return config;
}
