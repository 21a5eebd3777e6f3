// The goal engine: host-neutral events in, decisions out. All policy lives here, once: capture,
// drift, scope, stop, subagent boundary, evidence receipts, tasks, compaction snapshot and restore.
// Adapters only translate payloads to events and decisions to their host's output.

import { GoalpostError, InvalidInputError } from "../errors.js";
import { classifyToolCall, describeToolCall, isGoalBookkeeping, summarizeToolCall } from "../evidence/classify-tool-call.js";
import { goalToolName, isGoalpostCommand } from "../evidence/goal-tool-names.js";
import { pushGoalEvent, pushReceipt, pushToolCall } from "../record/bounded-history.js";
import { sha256 } from "../record/goal-identity.js";
import { closeGoal, createGoal } from "../record/goal-lifecycle.js";
import { isOpen } from "../record/goal-phase.js";
import type { GoalRecord, GoalSource } from "../record/goal-record.js";
import { noteRecentFile } from "../record/working-context.js";
import { continuationCandidates, continueGoal } from "../store/continuation.js";
import type { GoalStore, SessionIdentity } from "../store/goal-store.js";
import type { SessionFile } from "../store/session-file.js";
import { serveSnapshot, writeSnapshot } from "../store/snapshots.js";
import { recordToolUse } from "../store/tool-use-index.js";
import { judgeDrift } from "./drift-policy.js";
import { DEFAULT_ENGINE_CONFIG, type EngineConfig } from "./engine-config.js";
import {
  type EngineDecision,
  type EngineEvent,
  type EngineEventInput,
  type EngineEventOf,
  engineEventSchema,
  NO_DECISION,
} from "./engine-event.js";
import { parseGoalCommand } from "./goal-command.js";
import { SUBAGENT_BOUNDARY_NOTICE, scopeRefusal, stallNote, stopBlockReason } from "./policy-text.js";
import type { RenderForm } from "./render-goal.js";
import { scopeViolation } from "./scope-policy.js";
import { activeGoal, goalAncestors, renderSessionGoal, replaceGoal } from "./session-goals.js";
import { applyTasks, tasksFromToolInput } from "./task-goals.js";

export interface GoalEngineOptions {
  readonly store: GoalStore;
  readonly config?: EngineConfig;
  /**
   * Hosts whose tool events inside a subagent carry no subagent marker (VS Code): tool events count as
   * a subagent's while a subagent started and has not stopped.
   */
  readonly inferSubagentsFromStartStop?: boolean;
  /** How the model reaches the goal tools on this host, appended to every goal block. */
  readonly toolHint?: string;
}

export interface GoalEngine {
  /** Validates the event and decides. Throws InvalidInputError for a malformed event. */
  handle(event: EngineEventInput): EngineDecision;
  readonly config: EngineConfig;
}

const decision = (fields: Partial<EngineDecision>): EngineDecision => ({ action: "none", ...fields });

export function createGoalEngine(options: GoalEngineOptions): GoalEngine {
  const { store } = options;
  const config = options.config ?? DEFAULT_ENGINE_CONFIG;
  const now = () => store.now();
  const identityOf = (event: EngineEvent): SessionIdentity => ({ sessionId: event.sessionId, host: event.host, cwd: event.cwd });

  function render(session: SessionFile, goal: GoalRecord, form: RenderForm): string {
    return renderSessionGoal(session, goal, {
      form,
      budget: form === "full" ? config.fullBudget : config.compactBudget,
      ...(options.toolHint ? { toolHint: options.toolHint } : {}),
    });
  }

  function continuationHint(event: EngineEvent): string | undefined {
    const others = continuationCandidates(store, event.cwd, event.sessionId);
    if (others.length === 0) return undefined;
    const list = others
      .slice(0, 3)
      .map((other) => `- ${other.goalId}: ${other.objective}`)
      .join("\n");
    return `goalpost: this session has no goal, but ${others.length === 1 ? "an earlier session left an open goal" : "earlier sessions left open goals"} in this directory:\n${list}\nIt is not active here. Do not assume it; if the user wants it, they can type /goal continue${others.length === 1 ? "" : " <goal id>"}.`;
  }

  /** Full restore after compaction: the snapshot if it still belongs to the open goal, else a fresh rendering. */
  function restore(event: EngineEvent, trigger: string): EngineDecision {
    const session = store.read(event.sessionId);
    const root = activeGoal(session);
    if (!root || !session) return NO_DECISION;
    let context = "";
    let servedFrom = "";
    serveSnapshot(store, event.sessionId, (snapshot) => {
      if (snapshot.metadata.goalId !== root.id || snapshot.metadata.revision !== root.revision) return false;
      context = snapshot.text;
      servedFrom = `the ${snapshot.metadata.trigger} snapshot of ${snapshot.metadata.at} (revision ${snapshot.metadata.revision})`;
      return true;
    });
    if (!context) context = render(session, root, "full");
    const at = now().toISOString();
    store.update(identityOf(event), (state) => {
      const pending = state.compactions.filter((entry) => entry.restoredAt === null);
      for (const entry of pending) entry.restoredAt = at;
      const goal = activeGoal(state);
      const note = servedFrom
        ? `after ${trigger} from ${servedFrom}`
        : `after ${trigger}, rendered afresh (no matching snapshot)`;
      if (goal) replaceGoal(state, pushGoalEvent(goal, { at, type: "restored", note }));
    });
    return decision({ context });
  }

  function onSessionStarted(event: EngineEventOf<"session-started">): EngineDecision {
    if (event.source === "compact") return restore(event, "compact");
    const session = store.read(event.sessionId);
    const root = activeGoal(session);
    if (root && session) return decision({ context: render(session, root, event.source === "resume" ? "compact" : "full") });
    const hint = continuationHint(event);
    return hint ? decision({ context: hint }) : NO_DECISION;
  }

  /** Cancels every open goal of the session (the whole stack); returns the outermost one. */
  function cancelOpenGoals(session: SessionFile, reason: string): GoalRecord | null {
    const active = activeGoal(session);
    if (!active) return null;
    const outermost = goalAncestors(session, active)[0] ?? active;
    const at = now();
    for (const goal of session.goals.filter((candidate) => isOpen(candidate)))
      replaceGoal(session, closeGoal(goal, { status: "cancelled", reason }, at));
    session.activeGoalId = null;
    return outermost;
  }

  function onPromptSubmitted(event: EngineEventOf<"prompt-submitted">): EngineDecision {
    const identity = identityOf(event);
    const command = event.origin === "user" ? parseGoalCommand(event.prompt) : null;

    if (command?.kind === "set") {
      const source: GoalSource = event.nativeGoal && /^\s*\/goal\b/i.test(event.prompt) ? "native" : command.source;
      const { session, result: goal } = store.update(identity, (state) => {
        cancelOpenGoals(state, "replaced by a new goal");
        const created = createGoal(
          { ...identity, objective: command.objective, source, status: "draft", sourcePrompt: event.prompt },
          now(),
        );
        state.goals.push(created);
        state.activeGoalId = created.id;
        state.counters.prompts += 1;
        state.counters.consecutiveStopBlocks = 0;
        return created;
      });
      store.audit({
        sessionId: event.sessionId,
        goalId: goal.id,
        type: "opened",
        note: `draft from ${source}: ${goal.objective}`,
      });
      return decision({ context: render(session, goal, "full"), userNote: `goalpost: goal captured as a draft (${goal.id})` });
    }
    if (command?.kind === "clear") {
      const { result: cleared } = store.update(identity, (state) => cancelOpenGoals(state, "cleared by user"));
      if (cleared)
        store.audit({ sessionId: event.sessionId, goalId: cleared.id, type: "closed", note: "cancelled: cleared by user" });
      return decision({
        context: cleared
          ? `goalpost: the user cleared goal ${cleared.id}. Do not continue it.`
          : "goalpost: there was no open goal to clear.",
        userNote: cleared ? `goalpost: goal ${cleared.id} cleared.` : "goalpost: no open goal.",
      });
    }
    if (command?.kind === "continue") {
      try {
        const outcome = continueGoal(store, identity, command.goalId);
        if (outcome.kind === "none")
          return decision({ context: `goalpost: ${outcome.message}`, userNote: "goalpost: no open goal to continue." });
        const session = store.read(event.sessionId)!;
        return decision({
          context: render(session, outcome.goal, "full"),
          userNote: `goalpost: continuing goal ${outcome.goal.id}.`,
        });
      } catch (error) {
        if (!GoalpostError.isInstance(error)) throw error;
        return decision({ context: `goalpost: ${error.message}`, userNote: "goalpost: could not continue; see the message." });
      }
    }

    const before = store.peek(event.sessionId);
    if (!activeGoal(before)) {
      if (command?.kind === "status")
        return decision({
          context: continuationHint(event) ?? "goalpost: this session has no open goal.",
          userNote: "goalpost: no open goal.",
        });
      return NO_DECISION;
    }
    const at = now().toISOString();
    const { session, result } = store.update(identity, (state) => {
      // Another hook process may have closed the goal since the peek: then there is nothing to inject.
      const root = activeGoal(state);
      if (!root) return null;
      const restoring = state.compactions.some((entry) => entry.restoredAt === null);
      if (event.origin === "user") {
        state.counters.prompts += 1;
        state.counters.consecutiveStopBlocks = 0;
        if (root.drift.sinceUpdate !== 0) replaceGoal(state, { ...root, drift: { sinceUpdate: 0 } });
      }
      if (restoring) {
        for (const entry of state.compactions) entry.restoredAt ??= at;
        replaceGoal(
          state,
          pushGoalEvent(activeGoal(state) ?? root, {
            at,
            type: "restored",
            note: "rendered at the first prompt after compaction",
          }),
        );
      }
      return { restoring };
    });
    const root = activeGoal(session);
    if (!result || !root) return NO_DECISION;
    const form: RenderForm = result.restoring || command?.kind === "status" ? "full" : "compact";
    return decision({
      context: render(session, root, form),
      ...(command?.kind === "status" ? { userNote: `goalpost: goal ${root.id} is ${root.status}.` } : {}),
    });
  }

  function isSubagentEvent(event: EngineEvent, session: SessionFile | null): boolean {
    return event.subagent || (options.inferSubagentsFromStartStop === true && (session?.counters.subagentsActive ?? 0) > 0);
  }

  function onToolAboutToRun(event: EngineEventOf<"tool-about-to-run">): EngineDecision {
    const goalTool = goalToolName(event.toolName);
    const session = store.peek(event.sessionId);
    const subagent = isSubagentEvent(event, session);
    if (goalTool) {
      if (event.toolUseId)
        recordToolUse(store, {
          toolUseId: event.toolUseId,
          sessionId: event.sessionId,
          cwd: event.cwd,
          host: event.host,
          subagent,
        });
      // Goal tools only touch goalpost's own state: the main session may use them without a permission prompt.
      return decision(subagent ? { action: "deny-tool", reason: SUBAGENT_BOUNDARY_NOTICE } : { action: "allow-tool" });
    }
    // Only what the decision needs: judging the command (receipts) waits for the tool's result.
    const call = describeToolCall(event.toolName, event.toolInput);
    // The goalpost CLI is the shell form of the goal tools: a subagent may not use it either.
    if (subagent && call.command !== undefined && isGoalpostCommand(call.command))
      return decision({ action: "deny-tool", reason: SUBAGENT_BOUNDARY_NOTICE });
    if (subagent || !activeGoal(session)) return NO_DECISION;
    if (isGoalBookkeeping(event.toolName, call)) return NO_DECISION;

    const { result } = store.update(identityOf(event), (state) => {
      const goal = activeGoal(state);
      if (!goal) return NO_DECISION;
      const at = now().toISOString();
      const violation = scopeViolation(goal, call);
      if (violation && config.enforcement !== "off") {
        const reason = scopeRefusal(violation, goal.scope);
        if (config.enforcement === "enforce") {
          replaceGoal(state, pushGoalEvent(goal, { at, type: "drift-denied", note: `scope: ${violation}` }));
          return decision({ action: "deny-tool", reason });
        }
        replaceGoal(state, pushGoalEvent(goal, { at, type: "drift-warned", note: `scope: ${violation}` }));
        return decision({ context: reason });
      }
      const verdict = judgeDrift(goal, config);
      if (verdict.kind === "deny") {
        replaceGoal(
          state,
          pushGoalEvent(goal, { at, type: "drift-denied", note: `${goal.drift.sinceUpdate} calls since update` }),
        );
        return decision({ action: "deny-tool", reason: verdict.reason });
      }
      state.counters.toolCalls += 1;
      let next: GoalRecord = { ...goal, drift: { sinceUpdate: goal.drift.sinceUpdate + 1 } };
      for (const path of call.paths) next = noteRecentFile(next, path);
      replaceGoal(state, next);
      return verdict.kind === "warn" ? decision({ context: verdict.message }) : NO_DECISION;
    });
    return result;
  }

  function onToolRan(event: EngineEventOf<"tool-ran">): EngineDecision {
    if (goalToolName(event.toolName)) return NO_DECISION;
    const session = store.peek(event.sessionId);
    if (isSubagentEvent(event, session) || !activeGoal(session)) return NO_DECISION;
    const call = classifyToolCall(event.toolName, event.toolInput);
    if (call.kind === "goal") return NO_DECISION;
    const summary = summarizeToolCall(call);
    store.update(identityOf(event), (state) => {
      const goal = activeGoal(state);
      if (!goal) return;
      const at = now().toISOString();
      let next = pushToolCall(goal, { at, tool: call.tool, kind: call.kind, summary });
      if (call.edits && event.succeeded !== false) next = { ...next, lastEditAt: at };
      if (call.kind === "verification" && call.category) {
        next = pushReceipt(next, {
          at,
          tool: call.tool,
          ...(call.command ? { command: summary.replace(/^[^:]*: /, "") } : {}),
          category: call.category,
          passed: event.succeeded,
          exitCode: event.exitCode ?? null,
          ...(typeof event.output === "string" ? { outputHash: sha256(event.output) } : {}),
          files: [...call.paths],
        });
      }
      for (const path of call.paths) next = noteRecentFile(next, path);
      replaceGoal(state, next);
      if (call.tasks) {
        const tasks = tasksFromToolInput(event.toolInput);
        if (tasks) applyTasks(state, activeGoal(state)!, tasks, now());
      }
    });
    return NO_DECISION;
  }

  function onTasksUpdated(event: EngineEventOf<"tasks-updated">): EngineDecision {
    if (event.subagent || !activeGoal(store.peek(event.sessionId))) return NO_DECISION;
    store.update(identityOf(event), (state) => {
      const root = activeGoal(state);
      if (root) applyTasks(state, root, event.tasks, now());
    });
    return NO_DECISION;
  }

  function onCompaction(event: EngineEventOf<"compaction-about-to-run">): EngineDecision {
    if (event.subagent || !activeGoal(store.peek(event.sessionId))) return NO_DECISION;
    const at = now().toISOString();
    const { session: updated } = store.update(identityOf(event), (state) => {
      state.compactions.push({ at, trigger: event.trigger, restoredAt: null });
      const goal = activeGoal(state);
      if (goal) replaceGoal(state, pushGoalEvent(goal, { at, type: "snapshot", note: `before ${event.trigger} compaction` }));
    });
    const goal = activeGoal(updated);
    if (!goal) return NO_DECISION;
    writeSnapshot(store, {
      sessionId: event.sessionId,
      goalId: goal.id,
      revision: goal.revision,
      trigger: event.trigger,
      text: render(updated, goal, "full"),
    });
    return decision({ userNote: `goalpost: goal ${goal.id} saved for after compaction.` });
  }

  function onStopRequested(event: EngineEventOf<"stop-requested">): EngineDecision {
    if (event.subagent || config.enforcement !== "enforce") return NO_DECISION;
    const root = activeGoal(store.peek(event.sessionId));
    if (!root || (root.status === "blocked" && root.blockers.length > 0)) return NO_DECISION;
    const { result } = store.update(identityOf(event), (state) => {
      const goal = activeGoal(state);
      if (!goal) return NO_DECISION;
      if (state.counters.consecutiveStopBlocks >= config.stopBlockLimit) {
        const blocks = state.counters.consecutiveStopBlocks;
        state.counters.stalls += 1;
        state.counters.consecutiveStopBlocks = 0;
        replaceGoal(
          state,
          pushGoalEvent(goal, { at: now().toISOString(), type: "stalled", note: `${blocks} blocked stops without progress` }),
        );
        return decision({ userNote: stallNote(goal, blocks) });
      }
      state.counters.consecutiveStopBlocks += 1;
      return decision({ action: "block-stop", reason: stopBlockReason(goal) });
    });
    if (result.userNote) store.audit({ sessionId: event.sessionId, goalId: root.id, type: "stalled", note: result.userNote });
    return result;
  }

  function onSubagent(event: EngineEventOf<"subagent-started"> | EngineEventOf<"subagent-stopped">): EngineDecision {
    const started = event.type === "subagent-started";
    if (options.inferSubagentsFromStartStop && activeGoal(store.peek(event.sessionId))) {
      store.update(identityOf(event), (state) => {
        state.counters.subagentsActive = Math.max(0, state.counters.subagentsActive + (started ? 1 : -1));
      });
    }
    return started ? decision({ context: SUBAGENT_BOUNDARY_NOTICE }) : NO_DECISION;
  }

  function handle(input: EngineEventInput): EngineDecision {
    const parsed = engineEventSchema.safeParse(input);
    if (!parsed.success) {
      throw new InvalidInputError(
        "engine event",
        parsed.error.issues.map((issue) => `${issue.path.join(".") || "event"}: ${issue.message}`),
      );
    }
    const event = parsed.data;
    if (
      event.subagent &&
      event.type !== "subagent-started" &&
      event.type !== "subagent-stopped" &&
      event.type !== "tool-about-to-run"
    )
      return NO_DECISION;
    switch (event.type) {
      case "session-started":
        return onSessionStarted(event);
      case "prompt-submitted":
        return onPromptSubmitted(event);
      case "tool-about-to-run":
        return onToolAboutToRun(event);
      case "tool-ran":
        return onToolRan(event);
      case "tasks-updated":
        return onTasksUpdated(event);
      case "compaction-about-to-run":
        return onCompaction(event);
      case "stop-requested":
        return onStopRequested(event);
      case "subagent-started":
      case "subagent-stopped":
        return onSubagent(event);
      case "session-ended":
        return NO_DECISION;
    }
  }

  return { handle, config };
}
