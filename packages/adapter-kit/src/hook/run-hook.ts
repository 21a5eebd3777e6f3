// `<bin> hook <Event>`: the payload on stdin, the host's answer on stdout. In order: kill switch,
// event name, payload read, JSON, the event's schema, the engine event, the engine's decision, the
// host's output checked against its strict schema. A hook never breaks its host: every fault is
// reported on stderr and answered with "no decision" (exit 0, empty stdout); only a deliberate
// policy decision denies a tool or blocks a stop.
import type { EngineEventInput, Env, GoalStore } from "@goalpost/core";
import { createGoalEngine, createGoalStore, type EngineDecision, GoalpostError, loadEngineConfig } from "@goalpost/core";
import type { HostWorld } from "@goalpost/core/internal";
import {
  failSafeDecision,
  hasUntoldBreaches,
  killSwitchEngaged,
  knownStoreRoots,
  noteSwitchedOff,
  recordNotices,
  switchedOffDecision,
  takeUntoldBreaches,
  takeUntoldProblems,
} from "@goalpost/core/internal";
import * as z from "zod/mini";
import type { HostAdapter } from "../contract/host-adapter.js";
import { STATUS_LINE_EVENT } from "../installing/hook-command.js";
import { goalToolInSandbox } from "./goal-tool-in-sandbox.js";
import { removeSessionClaims } from "./hook-claims.js";
import type { HookResult } from "./hook-io.js";
import { claimHook, type HookLedgerEntry, WouldWait } from "./hook-ledger.js";
import { hostTokensUsed } from "./host-tokens.js";
import { checkTurn, markTurnStart } from "./integrity.js";
import { detachedIssueLookup } from "./issue-lookup-process.js";
import { postNote } from "./note-outbox.js";
import { resolveProjectDir } from "./project-dir.js";
import { installScopeTargets, targetFiles } from "./protected-files.js";
import { statusLineAnswer } from "./status-line.js";
import { detachedVerification } from "./verification-process.js";

const noDecision = (stderr = ""): HookResult => ({ stdout: "", stderr });
const oneLine = (text: string) => text.replace(/\n\s*/g, " ");

/** "No decision" because something went wrong (not because there was nothing to say): kept for doctor. */
const fault = (message: string, warnings = ""): HookResult & { fault: string } => ({
  stdout: "",
  stderr: `${warnings}${message}`,
  fault: message,
});

interface RunHookOptions {
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
      recordNotices(
        adapter.stateRoot(env),
        faults.map((message) => ({ kind: "fault", event: eventName, message })),
      );
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

/**
 * A decision as the host's answer, checked against what the host accepts: its text, null when the host
 * gets no answer, or why it does not fit (a fault: the host would reject it).
 */
function written(
  adapter: HostAdapter,
  spec: HostAdapter["events"][string],
  decision: EngineDecision,
  payload: unknown,
  place: { root: string; sessionId: string },
): { readonly answer: string | null } | { readonly misfit: string } {
  const output = answerFor(adapter, spec, decision, payload, place);
  if (output === null || output === undefined) return { answer: null };
  const checked = spec.output.safeParse(output);
  if (!checked.success) return { misfit: oneLine(z.prettifyError(checked.error)) };
  return { answer: checked.data == null ? null : JSON.stringify(checked.data) };
}

/** The answer's text where it fits; null otherwise (the fallback answers have no fault to report). */
const fitting = (out: ReturnType<typeof written>): string | null => ("answer" in out ? out.answer : null);

/** The payload read far enough to name its session and event (for the switched-off answer). */
function eventOf(spec: HostAdapter["events"][string], adapter: HostAdapter, text: string) {
  const parsed = spec.payload.safeParse(JSON.parse(text));
  if (!parsed.success) return null;
  const session = adapter.sessionOf(parsed.data);
  const event = spec.toEvent(parsed.data, { sessionId: session.sessionId, cwd: session.cwd ?? process.cwd() });
  return event ? { payload: parsed.data, event } : null;
}

/** While goalpost is switched off: only what core's switchedOffDecision says (breaches not told yet, at a user's prompt). */
function tellWhileOff(adapter: HostAdapter, spec: HostAdapter["events"][string], text: string, root: string): HookResult {
  try {
    const read = eventOf(spec, adapter, text);
    const told: string[] = [];
    const decision = switchedOffDecision(read?.event ?? null, () => {
      told.push(...takeUntoldBreaches(root));
      return told;
    });
    if (!read || !decision) return noDecision();
    const stdout = fitting(written(adapter, spec, decision, read.payload, { root, sessionId: read.event.sessionId }));
    return { stdout: stdout ?? "", stderr: told.map((line) => `${line}\n`).join("") };
  } catch {
    return noDecision();
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

interface Failing {
  readonly spec: HostAdapter["events"][string];
  readonly payload: unknown;
  readonly root: string;
  readonly event: EngineEventInput;
}

/** A fault's answer: core's fail-safe decision, if it makes one (failSafeDecision), as the host's answer. */
function failSafeAnswer(adapter: HostAdapter, failing: Failing, problem: string): HookResult | undefined {
  const decision = failSafeDecision(failing.root, failing.event, problem);
  if (!decision) return undefined;
  const place = { root: failing.root, sessionId: failing.event.sessionId };
  const stdout = fitting(written(adapter, failing.spec, decision, failing.payload, place));
  return stdout === null ? undefined : { stdout, stderr: `${decision.userNote}\n` };
}

/**
 * What core may ask of the world around this event (core's HostWorld), read from the host's records
 * through the adapter's readers only when core's pipeline asks. Nothing here decides when.
 */
function hostWorld(parts: {
  adapter: HostAdapter;
  env: Env;
  payload: unknown;
  store: GoalStore;
  root: string;
  sessionId: string;
  targets: ReturnType<typeof installScopeTargets>;
  warnings: string[];
  breaches: string[];
  options: RunHookOptions;
}): HostWorld {
  const { adapter, env, payload, store, root, sessionId, targets, warnings, breaches, options } = parts;
  const install = { adapter, root, targets, bundleFile: options.copy };
  const { hostTokens, nativeGoalChange, hostToolRecord, hostWorkRecord, hostUserPrompts } = adapter;
  /** A host record read when the engine asks; a record that cannot be read is told, never a fault. */
  const reading =
    <T>(read: () => T | null, what: string) =>
    (): T | null => {
      try {
        return read();
      } catch (error) {
        warnings.push(`goalpost: could not read ${adapter.displayName}'s ${what} (${(error as Error).message}).`);
        return null;
      }
    };
  return {
    env,
    ...(env["PATH"] ? { searchPath: env["PATH"] } : {}),
    notices: warnings,
    ...(hostTokens ? { tokensUsed: () => hostTokensUsed(hostTokens, root, sessionId, payload, env) } : {}),
    ...(nativeGoalChange
      ? {
          nativeGoalChange: (event: EngineEventInput) => nativeGoalChange(payload, event, () => store.peek(event.sessionId), env),
        }
      : {}),
    ...(hostToolRecord ? { toolRecord: reading(() => hostToolRecord(payload), "record of tool calls") } : {}),
    ...(hostWorkRecord ? { workRecord: reading(() => hostWorkRecord(payload, env), "log of the session's tool calls") } : {}),
    ...(hostUserPrompts ? { userPrompts: reading(() => hostUserPrompts(payload, env), "record of your prompts") } : {}),
    markTurnStart: (goalId) => markTurnStart(install, goalId),
    checkTurn: () => {
      checkTurn(install);
    },
    takeBreaches: () => {
      breaches.push(...takeUntoldBreaches(root), ...takeUntoldProblems(root));
      return breaches;
    },
    // A session that ended takes its once-per-hook claims with it (another copy's repeat of this very
    // event then runs again, and ends nothing twice).
    sessionEnded: () => removeSessionClaims(root, sessionId),
  };
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
  /** Set once the event is known: a fault then asks core's failSafeDecision (a main session's stop is refused while a goal is known open). */
  let failing: Failing | undefined;
  let ledger: HookLedgerEntry | undefined;
  try {
    if (eventName === STATUS_LINE_EVENT && adapter.statusLine) return statusLineAnswer(adapter, readInput, env, options.copy);
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
      return hasUntoldBreaches(root) ? tellWhileOff(adapter, spec, text, root) : noDecision();
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
    failing = { spec, payload, root, event: built };

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
    // The host's configuration files of every install scope: guarded by the engine, watched across a turn (integrity.ts).
    const targets = installScopeTargets(adapter, cwd, env);
    const engine = createGoalEngine({
      store,
      config: loadEngineConfig(root, env, (message) => warnings.push(message)),
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
    const breaches: string[] = [];
    const decision =
      goalToolInSandbox(built, { adapter, env, store, root }) ??
      engine.handle(
        built,
        hostWorld({ adapter, env, payload, store, root, sessionId: session.sessionId, targets, warnings, breaches, options }),
      );
    const out = written(adapter, spec, decision, payload, { root, sessionId: session.sessionId });
    if ("misfit" in out)
      return fault(
        `goalpost: the ${eventName} answer does not fit what ${adapter.displayName} accepts (${out.misfit}); answering with no decision.\n`,
        warned(),
      );
    // Said on stderr as well, where the host shows it (a transcript, a log): breaches are not faults.
    const told = `${warned()}${breaches.map((line) => `${line}\n`).join("")}`;
    if (out.answer === null) {
      ledger?.settle(noDecision());
      return { ...noDecision(told), notices: warnings };
    }
    const answered = { stdout: out.answer, stderr: told };
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
    const safe = failing && failSafeAnswer(adapter, failing, detail);
    if (safe)
      return {
        ...safe,
        stderr: `${warned()}${safe.stderr}`,
        fault: `goalpost: the ${eventName} hook met a fault (${detail}); the stop was refused from what could be read.\n`,
      };
    return fault(`goalpost: internal error in the ${eventName} hook (${detail}); answering with no decision.\n`, warned());
  }
}
