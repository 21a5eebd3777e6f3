// What every event handler shares: the store, the settings, the host's profile and its tool
// classifier, the clock, and the few steps several handlers take (render, cancel, hint).

import { resolve } from "node:path";
import { DEFAULT_ENGINE_CONFIG, type EngineConfig } from "../config/engine-config.js";
import { createToolClassifier, type ToolClassifier } from "../evidence/classify-tool-call.js";
import { GENERIC_HOST_PROFILE, type HostProfile } from "../host/host-profile.js";
import { closeGoal } from "../lifecycle/goal-lifecycle.js";
import { isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import { DEFAULT_TOOL_HINT, type RenderForm, renderSessionGoal } from "../session/render-goal.js";
import { activeGoal, goalAncestors, replaceGoal } from "../session/session-goals.js";
import { continuationCandidates } from "../store/continuation.js";
import { createGoalStore, type GoalStore, type SessionIdentity } from "../store/goal-store.js";
import type { SessionFile } from "../store/session-file.js";
import { goalText } from "../text/goal-text.js";
import { type StartVerification, startVerificationInProcess } from "../verify/verification-request.js";
import type { EngineDecision, EngineEvent } from "./engine-event.js";
import type { LookUpIssue } from "./github-issue-lookup.js";
import { monotonicClock } from "./goal-spend.js";
import { sessionArgumentsNote } from "./policy-text.js";

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
  /** Asks for the title and milestone of the session's issue, off the hook's path (github-issue-notice.ts). */
  readonly lookUpIssue: LookUpIssue;
  /** See GoalEngineOptions.beforeWait. */
  readonly beforeWait: () => void;
  now(): Date;
  /** The machine's monotonic clock (goal-spend.ts), null where the store keeps a time of its own (tests). */
  clock(): string | null;
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

export interface GoalEngineOptions {
  readonly store: GoalStore;
  readonly config?: EngineConfig;
  /** The host's tool vocabulary and habits (see defineHostProfile); a generic one when left out. */
  readonly profile?: HostProfile;
  /** The host's configuration files that hold goalpost's entries (the adapter's install targets). */
  readonly protectedFiles?: readonly string[];
  /** Directories of the host's own records that receipts are read from (Codex's session rollouts). */
  readonly protectedDirs?: readonly string[];
  /** Other hosts' state roots on this machine, for continuing their goals here (see store-registry.ts). */
  readonly peerRoots?: () => readonly string[];
  /**
   * Starts goalpost's run of a goal's checks: `@goalpost/verifier`'s `verifyInProcess(store)` in a
   * harness, a process of its own in an adapter. Left out, a close's run is void at once, saying why.
   */
  readonly startVerification?: StartVerification;
  /**
   * Called before the engine waits (for goalpost's run of the checks to land, at a stop). A caller that
   * must never wait — the hook server, which answers every session — throws here, before anything is
   * written, and has the hook run where waiting is fine.
   */
  readonly beforeWait?: () => void;
  /**
   * Looks up the title and milestone of the GitHub issue a session works on (`recordIssueInfo` writes
   * them back), off the hook's path; left out, the issue's number alone is shown.
   */
  readonly lookUpIssue?: LookUpIssue;
}

export const decision = (fields: Partial<EngineDecision>): EngineDecision => ({ action: "none", ...fields });

export function createEngineContext(options: GoalEngineOptions): EngineContext {
  const { store, beforeWait = () => {}, lookUpIssue = () => {}, peerRoots = () => [] } = options;
  const config = options.config ?? DEFAULT_ENGINE_CONFIG;
  const profile = options.profile ?? GENERIC_HOST_PROFILE;
  const startVerification = options.startVerification ?? startVerificationInProcess(store, null);
  const protectedFiles = options.protectedFiles ?? [];
  const protectedDirs = options.protectedDirs ?? [];
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
    clock: () => (store.realClock ? monotonicClock() : null),
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
      return `goalpost: this session has no goal, but ${others.length === 1 ? "another session has an open goal" : "other sessions have open goals"} in this directory:\n${list}\nIt is not active here. Do not assume it; if the user wants it, they can type goal: continue${named ? " <goal id>" : ""}.`;
    },
    cancelOpenGoals(session, reason) {
      const active = activeGoal(session);
      if (!active) return null;
      const outermost = goalAncestors(session, active)[0] ?? active;
      const at = now();
      // The goals the user set aside stay as they are: only a word naming one of them moves it.
      for (const goal of session.goals.filter((candidate) => isOpen(candidate) && !candidate.setAsideFor))
        replaceGoal(session, closeGoal(goal, { status: "cancelled", reason }, at));
      session.activeGoalId = null;
      return outermost;
    },
    isSubagentEvent(event, session) {
      return event.subagent || (!profile.marksSubagents && (session?.counters.subagentsActive ?? 0) > 0);
    },
  };
}
