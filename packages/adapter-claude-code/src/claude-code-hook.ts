// `goalpost-claude-code hook <Event>`: the payload on stdin, Claude Code's JSON on stdout. A hook must
// never break its host: any fault is reported on stderr and answered with "no decision" (exit 0,
// empty stdout). Only a deliberate policy decision denies a tool or blocks a stop.
import {
  activeGoal,
  createGoalEngine,
  createGoalStore,
  type EngineDecision,
  type EngineEventInput,
  type GoalEngine,
  type GoalStore,
  killSwitchEngaged,
  loadEngineConfig,
} from "@goalpost/core";
import * as z from "zod/mini";
import { claudeCodeEvent, claudeCodeOutput } from "./claude-code-events.js";
import { claudeCodeHookPayloadSchemas, isClaudeCodeHookEvent } from "./claude-code-hook-payload.js";
import { nativeGoalClearedSince } from "./claude-code-native-goal.js";
import { goalpostStateRoot } from "./claude-code-paths.js";
import { claudeCodeProfile } from "./claude-code-profile.js";

export interface HookResult {
  /** What goes to stdout: the host's JSON, or "" for no decision. */
  readonly stdout: string;
  /** Diagnostics for the user; never read by the host as a decision (exit code is always 0). */
  readonly stderr: string;
}

const noDecision = (stderr = ""): HookResult => ({ stdout: "", stderr });

/** Events at which a `/goal clear` typed since the last hook is mirrored (not per tool call: it reads a file). */
const MIRROR_AT = new Set(["prompt-submitted", "stop-requested", "session-started"]);

/**
 * Mirrors a `/goal clear` that Claude Code ran itself; returns what goalpost says about it. On resume
 * Claude Code replays old hook context, so the model must hear that the goal it may still see is gone.
 */
function mirrorNativeClear(
  engine: GoalEngine,
  store: GoalStore,
  event: EngineEventInput,
  transcriptPath: string | null | undefined,
): EngineDecision | null {
  if (!transcriptPath || event.subagent || !MIRROR_AT.has(event.type)) return null;
  const goal = activeGoal(store.peek(event.sessionId));
  if (!goal || !nativeGoalClearedSince(transcriptPath, goal.createdAt)) return null;
  return engine.handle({
    type: "native-goal-changed",
    sessionId: event.sessionId,
    host: event.host,
    cwd: event.cwd,
    change: "cleared",
  });
}

/** The clear's message first, then the event's own answer. */
function withClear(cleared: EngineDecision | null, decision: EngineDecision): EngineDecision {
  if (!cleared) return decision;
  const context = [cleared.context, decision.context].filter(Boolean).join("\n\n");
  const userNote = decision.userNote ?? cleared.userNote;
  return { ...decision, ...(context ? { context } : {}), ...(userNote ? { userNote } : {}) };
}

export function runClaudeCodeHook(eventName: string, stdin: string, env: NodeJS.ProcessEnv = process.env): HookResult {
  const warnings: string[] = [];
  try {
    if (!isClaudeCodeHookEvent(eventName))
      return noDecision(`goalpost: unknown Claude Code hook event "${eventName}"; answering with no decision.\n`);
    const root = goalpostStateRoot(env);
    if (killSwitchEngaged(root, env)) return noDecision();

    let data: unknown;
    try {
      data = JSON.parse(stdin);
    } catch (error) {
      return noDecision(
        `goalpost: the ${eventName} payload is not JSON (${(error as Error).message}); answering with no decision.\n`,
      );
    }
    const parsed = claudeCodeHookPayloadSchemas[eventName].safeParse(data);
    if (!parsed.success) {
      return noDecision(
        `goalpost: unexpected ${eventName} payload (${z.prettifyError(parsed.error).replace(/\n\s*/g, " ")}); answering with no decision.\n`,
      );
    }

    const warn = (message: string) => warnings.push(message);
    const store = createGoalStore({ root, warn });
    const payload = parsed.data;
    // The project directory keys the session; a payload's own cwd follows the agent's `cd`.
    const cwd = env["CLAUDE_PROJECT_DIR"] || store.read(payload.session_id)?.cwd || payload.cwd || process.cwd();
    const event = claudeCodeEvent(eventName, payload as never, { sessionId: payload.session_id, cwd });
    if (!event) return noDecision();

    const engine = createGoalEngine({ store, config: loadEngineConfig(root, env, warn), profile: claudeCodeProfile });
    const cleared = mirrorNativeClear(engine, store, event, payload.transcript_path);
    const output = claudeCodeOutput(eventName, withClear(cleared, engine.handle(event)));
    return { stdout: output ? JSON.stringify(output) : "", stderr: warnings.map((line) => `${line}\n`).join("") };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return noDecision(
      `${warnings.map((line) => `${line}\n`).join("")}goalpost: internal error in the ${eventName} hook (${detail}); answering with no decision.\n`,
    );
  }
}
