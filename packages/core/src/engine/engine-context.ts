// What every event handler shares: the store, the settings, the host's profile and its tool
// classifier, the clock, and the few steps several handlers take (render, cancel, hint).
import { resolve } from "node:path";
import { createToolClassifier, type ToolClassifier } from "../evidence/classify-tool-call.js";
import type { HostProfile } from "../host/host-profile.js";
import { closeGoal } from "../record/goal-lifecycle.js";
import { isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import { continuationCandidates } from "../store/continuation.js";
import { createGoalStore, type GoalStore, type SessionIdentity } from "../store/goal-store.js";
import type { SessionFile } from "../store/session-file.js";
import { goalText } from "../text/goal-text.js";
import { type StartVerification, startVerificationInProcess } from "../verify/verification-request.js";
import type { EngineConfig } from "./engine-config.js";
import type { EngineDecision, EngineEvent } from "./engine-event.js";
import type { LookUpIssue } from "./issue-notice.js";
import { sessionArgumentsNote } from "./policy-text.js";
import { DEFAULT_TOOL_HINT, type RenderForm } from "./render-goal.js";
import { activeGoal, goalAncestors, renderSessionGoal, replaceGoal } from "./session-goals.js";

export interface EngineContext {
  readonly store: GoalStore;
  readonly config: EngineConfig;
  readonly profile: HostProfile;
  readonly classifier: ToolClassifier;
  /** The host's configuration files that hold goalpost's entries: the agent may not take them out. */
  readonly protectedFiles: readonly string[];
  /** The host's own records receipts are read from: the agent may not write into them. */
  readonly protectedDirs: readonly string[];
  /** Other hosts' stores on this machine, read for continuation only when asked (lazily). */
  peers(): GoalStore[];
  /** Starts goalpost's run of a goal's checks (off the hook's path). */
  readonly startVerification: StartVerification;
  /** Asks for the title and milestone of the session's issue, off the hook's path (issue-notice.ts). */
  readonly lookUpIssue: LookUpIssue;
  /** See GoalEngineOptions.beforeWait. */
  readonly beforeWait: () => void;
  now(): Date;
  identityOf(event: EngineEvent): SessionIdentity;
  /** The goal block for the model, within the form's budget. */
  render(session: SessionFile, goal: GoalRecord, form: RenderForm): string;
  /** A note that earlier sessions left open goals in this directory, or undefined. */
  continuationHint(event: EngineEvent): string | undefined;
  /** Cancels every open goal of the session (the whole stack); returns the outermost one. */
  cancelOpenGoals(session: SessionFile, reason: string): GoalRecord | null;
  /** Whether the event is a subagent's: marked by the host, or inferred between subagent start and stop. */
  isSubagentEvent(event: EngineEvent, session: SessionFile | null): boolean;
}

export const decision = (fields: Partial<EngineDecision>): EngineDecision => ({ action: "none", ...fields });

export function createEngineContext(
  store: GoalStore,
  config: EngineConfig,
  profile: HostProfile,
  protectedFiles: readonly string[] = [],
  protectedDirs: readonly string[] = [],
  peerRoots: () => readonly string[] = () => [],
  startVerification: StartVerification = startVerificationInProcess(store),
  beforeWait: () => void = () => {},
  lookUpIssue: LookUpIssue = () => {},
): EngineContext {
  const now = () => store.now();
  const peers = () =>
    peerRoots()
      .filter((root) => resolve(root) !== resolve(store.root))
      .map((root) => createGoalStore({ root, now, warn: store.warn }));
  return {
    store,
    config,
    profile,
    protectedFiles,
    protectedDirs,
    peers,
    startVerification,
    lookUpIssue,
    beforeWait,
    classifier: createToolClassifier(profile, { stateRoot: store.root }),
    now,
    identityOf: (event) => ({ sessionId: event.sessionId, host: event.host, cwd: event.cwd }),
    render(session, goal, form) {
      const hint = profile.sessionArguments
        ? `${profile.toolHint ?? DEFAULT_TOOL_HINT} ${sessionArgumentsNote(session.sessionId, session.cwd)}`
        : profile.toolHint;
      return renderSessionGoal(session, goal, {
        form,
        budget: form === "full" ? config.fullBudget : config.compactBudget,
        ...(hint ? { toolHint: hint } : {}),
      });
    },
    continuationHint(event) {
      const others = continuationCandidates(store, event.cwd, event.sessionId, peers());
      if (others.length === 0) return undefined;
      const list = others
        .slice(0, 3)
        .map(
          (other) =>
            `- ${goalText(other.goalId, 80)}: ${goalText(other.objective, 300)}${other.live ? " (its session is still running)" : ""}`,
        )
        .join("\n");
      const named = others.length > 1 || others[0]!.live;
      return `goalpost: this session has no goal, but ${others.length === 1 ? "another session has an open goal" : "other sessions have open goals"} in this directory:\n${list}\nIt is not active here. Do not assume it; if the user wants it, they can type /goal continue${named ? " <goal id>" : ""}.`;
    },
    cancelOpenGoals(session, reason) {
      const active = activeGoal(session);
      if (!active) return null;
      const outermost = goalAncestors(session, active)[0] ?? active;
      const at = now();
      for (const goal of session.goals.filter((candidate) => isOpen(candidate)))
        replaceGoal(session, closeGoal(goal, { status: "cancelled", reason }, at));
      session.activeGoalId = null;
      return outermost;
    },
    isSubagentEvent(event, session) {
      return event.subagent || (!profile.marksSubagents && (session?.counters.subagentsActive ?? 0) > 0);
    },
  };
}
