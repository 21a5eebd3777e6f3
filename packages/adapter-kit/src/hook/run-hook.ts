// `<bin> hook <Event>`: the payload on stdin, the host's answer on stdout. In order: kill switch,
// event name, payload read, JSON, the event's schema, the engine event, the engine's decision, the
// host's output checked against its strict schema. A hook never breaks its host: every fault is
// reported on stderr and answered with "no decision" (exit 0, empty stdout); only a deliberate
// policy decision denies a tool or blocks a stop.
import type { EngineConfig, EngineEventInput, Env, GoalStore } from "@goalpost/core";
import {
  corroborateReceipts,
  createGoalEngine,
  createGoalStore,
  type EngineDecision,
  GoalpostError,
  goalText,
  isMarkedOpen,
  killSwitchEngaged,
  knownOpenGoal,
  knownStoreRoots,
  loadEngineConfig,
  parseGoalCommand,
  registerStoreRoot,
  STOP_BLOCK_PREFIX,
} from "@goalpost/core";
import * as z from "zod/mini";
import type { HostAdapter } from "../contract/host-adapter.js";
import { STATUS_LINE_EVENT } from "../fast-path/hook-server-protocol.js";
import { hasUntoldBreaches, takeUntoldBreaches } from "./breaches.js";
import { removeSessionClaims } from "./hook-claims.js";
import { recordHookFaults } from "./hook-faults.js";
import type { HookResult } from "./hook-io.js";
import { claimHook, type HookLedgerEntry, WouldWait } from "./hook-ledger.js";
import { hostTokensUsed } from "./host-tokens.js";
import { checkTurn, markTurnStart, noteSwitchedOff } from "./integrity.js";
import { detachedIssueLookup } from "./issue-lookup-process.js";
import { postNote } from "./note-outbox.js";
import { resolveProjectDir } from "./project-dir.js";
import { allScopeTargets, targetFiles } from "./protected-files.js";
import { statusLineAnswer } from "./status-line.js";
import { detachedVerification } from "./verification-process.js";

const noDecision = (stderr = ""): HookResult => ({ stdout: "", stderr });
const oneLine = (text: string) => text.replace(/\n\s*/g, " ");

/** Two decisions as one: contexts joined in order, the second's action and user note first. */
export function mergeDecisions(first: EngineDecision | null, second: EngineDecision): EngineDecision {
  if (!first) return second;
  const context = [first.context, second.context].filter(Boolean).join("\n\n");
  const userNote = second.userNote ?? first.userNote;
  return { ...second, ...(context ? { context } : {}), ...(userNote ? { userNote } : {}) };
}

/** "No decision" because something went wrong (not because there was nothing to say): kept for doctor. */
const fault = (message: string, warnings = ""): HookResult & { fault: string } => ({
  stdout: "",
  stderr: `${warnings}${message}`,
  fault: message,
});

/** Marks the session's receipts against the host's record; a record that cannot be read changes nothing. */
function corroborate(
  adapter: HostAdapter,
  payload: unknown,
  store: GoalStore,
  event: { sessionId: string; host: string; cwd: string },
  warnings: string[],
): void {
  try {
    const record = adapter.hostToolRecord?.(payload);
    if (record) corroborateReceipts(store, { sessionId: event.sessionId, host: event.host, cwd: event.cwd }, record);
  } catch (error) {
    warnings.push(`goalpost: could not read ${adapter.displayName}'s record of tool calls (${(error as Error).message}).`);
  }
}

/**
 * A prompt or a stop of the main session, with a goal open or being set: the session's tokens as the
 * host's record says, for the goal's budget (host-tokens.ts). Other events, and sessions with no goal,
 * read nothing.
 */
function withHostTokens(
  adapter: HostAdapter,
  root: string,
  payload: unknown,
  event: EngineEventInput,
  env: Env,
): EngineEventInput {
  if (!adapter.hostTokens || event.subagent) return event;
  if (event.type !== "stop-requested" && event.type !== "prompt-submitted") return event;
  const setting = event.type === "prompt-submitted" && parseGoalCommand(event.prompt)?.kind === "set";
  if (!setting && !isMarkedOpen(root, event.sessionId)) return event;
  const tokensUsed = hostTokensUsed(adapter.hostTokens, root, event.sessionId, payload, env);
  return tokensUsed === null ? event : { ...event, tokensUsed };
}

export interface RunHookOptions {
  /**
   * Never wait (the hook server, which answers every session): a session lock another process holds,
   * or a stop that would wait for goalpost's run of the checks, answers `busy` before anything is
   * written, and the hook is run where waiting is fine (its client's own process).
   */
  readonly quick?: boolean;
  /** The hook's id, the same through every fallback (see fast-path/hook-request.ts); none: no repeat is looked for. */
  readonly request?: string | undefined;
  /** Which copy of goalpost runs the hook (its hook bundle's path), to tell two copies' runs of one event apart. */
  readonly copy?: string | undefined;
  /** A problem the client met on the way (an impostor at the server's socket): told to the user and doctor. */
  readonly notice?: string | undefined;
}

/**
 * A stop waits for goalpost's run of the checks as long as the host waits for the stop hook (install sets
 * that long), less the time to answer: a suite of a few minutes then decides the very stop.
 */
function withStopWait(config: EngineConfig, adapter: HostAdapter): EngineConfig {
  const host = adapter.install.stopHookTimeout;
  return host ? { ...config, verifyWaitSeconds: Math.max(config.verifyWaitSeconds, host - 20) } : config;
}

export function runHook(
  adapter: HostAdapter,
  eventName: string,
  readInput: () => string,
  env: Env = process.env,
  options: RunHookOptions = {},
): HookResult | { readonly busy: string } {
  const answer = answerHook(adapter, eventName, readInput, env, options);
  if ("busy" in answer) return answer;
  // Kept for `doctor` and `status`: the host shows a hook's stderr to nobody who is looking.
  const faults: string[] = [];
  if ("fault" in answer && answer.fault) faults.push(answer.fault);
  if ("notices" in answer && answer.notices) faults.push(...answer.notices);
  if (faults.length > 0) {
    try {
      recordHookFaults(adapter.stateRoot(env), eventName, faults);
    } catch {}
  }
  return { stdout: answer.stdout, stderr: answer.stderr };
}

/** The host's answer for a decision; where its answers carry no note (noteOutbox), the note goes to the session's outbox. */
function answerFor(
  adapter: HostAdapter,
  spec: HostAdapter["events"][string],
  decision: EngineDecision,
  payload: unknown,
  place: { root: string; sessionId: string },
): unknown {
  if (adapter.noteOutbox && decision.userNote) postNote(place.root, place.sessionId, decision.userNote);
  return spec.toOutput(decision, payload);
}

/** Events whose answer the user sees (a prompt's, a stop's): problems the store met go there too. */
const USER_FACING = new Set(["session-started", "prompt-submitted", "stop-requested"]);

/** Where breaches are told: the user's own prompt, or a session's start. */
const USER_TOLD = new Set(["session-started", "prompt-submitted"]);

function withNotices(decision: EngineDecision, type: string, notices: readonly string[]): EngineDecision {
  if (notices.length === 0 || !USER_FACING.has(type)) return decision;
  return { ...decision, userNote: [decision.userNote, ...notices].filter(Boolean).join("\n") };
}

/** While goalpost is switched off, a user's prompt still carries the breaches not told yet (nothing else). */
function tellWhileOff(
  adapter: HostAdapter,
  spec: HostAdapter["events"][string],
  text: string,
  root: string,
): HookResult | undefined {
  try {
    const parsed = spec.payload.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    const session = adapter.sessionOf(parsed.data);
    const event = spec.toEvent(parsed.data, { sessionId: session.sessionId, cwd: session.cwd ?? process.cwd() });
    if (event?.type !== "prompt-submitted" || event.subagent || event.origin === "host") return undefined;
    const notes = takeUntoldBreaches(root);
    if (notes.length === 0) return undefined;
    const decision = { action: "none", userNote: notes.join("\n") } as const;
    const checked = spec.output.safeParse(
      answerFor(adapter, spec, decision, parsed.data, { root, sessionId: session.sessionId }),
    );
    const stderr = notes.map((line) => `${line}\n`).join("");
    return checked.success && checked.data != null ? { stdout: JSON.stringify(checked.data), stderr } : { stdout: "", stderr };
  } catch {
    return undefined;
  }
}

/** runHook where waiting is fine (a hook's own process): never busy. */
export function runHookHere(
  adapter: HostAdapter,
  eventName: string,
  readInput: () => string,
  env: Env = process.env,
  options: Omit<RunHookOptions, "quick"> = {},
): HookResult {
  return runHook(adapter, eventName, readInput, env, options) as HookResult;
}

/**
 * A stop the hook could not decide as usual (the disk full or read-only, a lock that never frees, a
 * fault of goalpost's own): refused all the same while a goal is known open from what can be read
 * (core's knownOpenGoal), and the user told why — enforcement never rests on a write succeeding.
 */
function failSafeStop(
  adapter: HostAdapter,
  spec: HostAdapter["events"][string],
  payload: unknown,
  root: string,
  sessionId: string,
  problem: string,
): HookResult | undefined {
  const goal = knownOpenGoal(root, sessionId);
  if (!goal?.enforced) return undefined;
  const objective = goal.objective ? ` (${goalText(goal.objective, 300)})` : "";
  const reason = `${STOP_BLOCK_PREFIX} goal ${goal.id}${objective} is still open. Keep working on it; close it with goalpost_close when its checks pass.`;
  const userNote = `goalpost could not record this stop (${problem}), so it went by what it could read: the goal ${goal.id} is open (from its ${goal.source}), and the stop was refused. Run \`goalpost doctor\`.`;
  const output = answerFor(adapter, spec, { action: "block-stop", reason, userNote }, payload, { root, sessionId });
  if (output === null || output === undefined) return undefined;
  const checked = spec.output.safeParse(output);
  return checked.success ? { stdout: JSON.stringify(checked.data), stderr: `${userNote}\n` } : undefined;
}

function answerHook(
  adapter: HostAdapter,
  eventName: string,
  readInput: () => string,
  env: Env,
  options: RunHookOptions,
): HookResult | (HookResult & { fault?: string; notices?: readonly string[] }) | { readonly busy: string } {
  const warnings: string[] = options.notice ? [options.notice] : [];
  const warned = () => warnings.map((line) => `${line}\n`).join("");
  /** Set once the event is known to be a main session's stop: a fault then falls back to failSafeStop. */
  let stop: { spec: HostAdapter["events"][string]; payload: unknown; root: string; sessionId: string } | undefined;
  let ledger: HookLedgerEntry | undefined;
  try {
    if (eventName === STATUS_LINE_EVENT && adapter.statusLine) return statusLineAnswer(adapter, readInput, env);
    if (!Object.hasOwn(adapter.events, eventName))
      return fault(`goalpost: unknown ${adapter.displayName} hook event "${eventName}"; answering with no decision.\n`);
    const spec = adapter.events[eventName]!;
    const root = adapter.stateRoot(env);
    if (adapter.foreignRun?.(env)) {
      // Not this host's run: the payload is drained unread, so the host never writes into a closed pipe.
      try {
        readInput();
      } catch {}
      return noDecision();
    }
    if (killSwitchEngaged(root, env)) {
      // Switched off: nothing is decided. Switched off during a turn with a goal open, the user is told
      // at their next prompt all the same (integrity.ts).
      noteSwitchedOff(root);
      let text = "";
      try {
        text = readInput();
      } catch {}
      return hasUntoldBreaches(root) ? (tellWhileOff(adapter, spec, text, root) ?? noDecision()) : noDecision();
    }

    let data: unknown;
    let text: string;
    try {
      text = readInput();
      data = JSON.parse(text);
    } catch (error) {
      return fault(
        `goalpost: the ${eventName} payload is not readable JSON (${(error as Error).message}); answering with no decision.\n`,
      );
    }
    if (adapter.foreignPayload?.(data)) return noDecision();
    const parsed = spec.payload.safeParse(data);
    if (!parsed.success)
      return fault(
        `goalpost: unexpected ${eventName} payload (${oneLine(z.prettifyError(parsed.error))}); answering with no decision.\n`,
      );

    const store = createGoalStore({
      root,
      warn: (message) => warnings.push(message),
      ...(options.quick ? { lock: { timeoutMs: 0 } } : {}),
    });
    const payload = parsed.data;
    const session = adapter.sessionOf(payload);
    const cwd = resolveProjectDir({ adapter, env, store, sessionId: session.sessionId, payloadCwd: session.cwd });
    if (cwd === null)
      return noDecision(`goalpost: ${adapter.displayName} named no workspace folder for this chat; goalpost acts only in one.\n`);
    const built = spec.toEvent(payload, { sessionId: session.sessionId, cwd });
    if (!built) return noDecision();
    if (built.type === "stop-requested" && !built.subagent) stop = { spec, payload, root, sessionId: session.sessionId };
    // A goal set by this prompt runs its checks with the host's PATH (the user's), never the agent's.
    const event = withHostTokens(
      adapter,
      root,
      payload,
      built.type === "prompt-submitted" && env["PATH"] ? { ...built, searchPath: env["PATH"] } : built,
      env,
    );

    // Run once: a repeat of this hook (a fallback's, or another copy's) answers what the first run did.
    ledger = options.request
      ? claimHook(
          {
            root,
            sessionId: session.sessionId,
            event: eventName,
            payload: text,
            request: options.request,
            copy: options.copy ?? "",
            ...(options.quick ? { quick: true } : {}),
          },
          (message) => warnings.push(message),
        )
      : undefined;
    if (ledger?.repeat) return ledger.repeat;
    // The host's configuration files of every scope: guarded by the engine, watched across a turn (integrity.ts).
    const targets = allScopeTargets(adapter, cwd, env);
    const engine = createGoalEngine({
      store,
      config: withStopWait(
        loadEngineConfig(root, env, (message) => warnings.push(message)),
        adapter,
      ),
      profile: adapter.profile,
      protectedFiles: targetFiles(targets),
      protectedDirs: adapter.hostRecords?.(env) ?? [],
      // Other hosts' goals in this directory can be continued here (`/goal continue`).
      peerRoots: () => knownStoreRoots(env, root),
      startVerification: detachedVerification(adapter, env),
      lookUpIssue: detachedIssueLookup(adapter, env),
      ...(options.quick
        ? {
            beforeWait: () => {
              throw new WouldWait("waiting for goalpost's run of the checks");
            },
          }
        : {}),
    });
    // Where a session starts or a prompt comes, this host's root joins the machine's registry.
    if (event.type === "session-started" || event.type === "prompt-submitted") registerStoreRoot(root, env);
    const change = adapter.nativeGoalChange?.(payload, event, store, env) ?? null;
    const mirrored = change
      ? engine.handle({ type: "native-goal-changed", sessionId: event.sessionId, host: event.host, cwd: event.cwd, ...change })
      : null;
    const decided = engine.handle(event);
    // What keeps goalpost working, marked as the user's turn starts and compared at its stops (integrity.ts).
    if (!event.subagent && (event.type === "stop-requested" || (event.type === "prompt-submitted" && event.origin !== "host"))) {
      const scope = { adapter, root, targets, bundleFile: options.copy };
      if (event.type === "stop-requested") checkTurn(scope);
      else markTurnStart(scope, knownOpenGoal(root, session.sessionId)?.id ?? null);
    }
    // What was done to goalpost that it saw and could not prevent: told to the user at their next prompt.
    const breaches = USER_TOLD.has(event.type) && !("subagent" in event && event.subagent) ? takeUntoldBreaches(root) : [];
    // At a stop the host's record holds the turn's calls: the agent's receipts are checked against it.
    if (event.type === "stop-requested" && adapter.hostToolRecord) corroborate(adapter, payload, store, event, warnings);
    // A session that ended takes its once-per-hook claims with it (another copy's repeat of this very
    // event then runs again, and ends nothing twice).
    if (event.type === "session-ended" && !event.subagent) removeSessionClaims(root, session.sessionId);
    const decision = withNotices(mergeDecisions(mirrored, decided), event.type, [...warnings, ...breaches]);
    const output = answerFor(adapter, spec, decision, payload, { root, sessionId: session.sessionId });
    // Said on stderr as well, where the host shows it (a transcript, a log): breaches are not faults.
    const told = `${warned()}${breaches.map((line) => `${line}\n`).join("")}`;
    if (output === null || output === undefined) {
      ledger?.settle(noDecision());
      return { ...noDecision(told), notices: warnings };
    }
    const checked = spec.output.safeParse(output);
    if (!checked.success)
      return fault(
        `goalpost: the ${eventName} answer does not fit what ${adapter.displayName} accepts (${oneLine(z.prettifyError(checked.error))}); answering with no decision.\n`,
        warned(),
      );
    const answered = { stdout: JSON.stringify(checked.data), stderr: told };
    ledger?.settle(answered);
    return { ...answered, notices: warnings };
  } catch (error) {
    if (
      options.quick &&
      (error instanceof WouldWait || (GoalpostError.isInstance(error) && error.code === "store_lock_timeout"))
    ) {
      ledger?.release();
      return { busy: error.message };
    }
    const detail = error instanceof Error ? error.message : String(error);
    const safe = stop && failSafeStop(adapter, stop.spec, stop.payload, stop.root, stop.sessionId, detail);
    if (safe)
      return {
        ...safe,
        stderr: `${warned()}${safe.stderr}`,
        fault: `goalpost: the ${eventName} hook met a fault (${detail}); the stop was refused from what could be read.\n`,
      };
    return fault(`goalpost: internal error in the ${eventName} hook (${detail}); answering with no decision.\n`, warned());
  }
}
