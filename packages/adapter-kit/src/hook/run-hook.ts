// `<bin> hook <Event>`: the payload on stdin, the host's answer on stdout. In order: kill switch,
// event name, payload read, JSON, the event's schema, the engine event, the engine's decision, the
// host's output checked against its strict schema. A hook never breaks its host: every fault is
// reported on stderr and answered with "no decision" (exit 0, empty stdout); only a deliberate
// policy decision denies a tool or blocks a stop.
import type { Env, GoalStore } from "@goalpost/core";
import {
  corroborateReceipts,
  createGoalEngine,
  createGoalStore,
  type EngineDecision,
  killSwitchEngaged,
  knownStoreRoots,
  loadEngineConfig,
  registerStoreRoot,
} from "@goalpost/core";
import * as z from "zod/mini";
import type { HostAdapter } from "../contract/host-adapter.js";
import { recordHookFault } from "./hook-faults.js";
import type { HookResult } from "./hook-io.js";
import { resolveProjectDir } from "./project-dir.js";
import { protectedFiles } from "./protected-files.js";
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

export function runHook(adapter: HostAdapter, eventName: string, readInput: () => string, env: Env = process.env): HookResult {
  const answer = answerHook(adapter, eventName, readInput, env);
  if (!("fault" in answer)) return answer;
  // Kept for `doctor`: the host shows a hook's stderr to nobody who is looking.
  try {
    recordHookFault(adapter.stateRoot(env), eventName, answer.fault);
  } catch {}
  return { stdout: answer.stdout, stderr: answer.stderr };
}

function answerHook(
  adapter: HostAdapter,
  eventName: string,
  readInput: () => string,
  env: Env,
): HookResult | (HookResult & { fault: string }) {
  const warnings: string[] = [];
  const warned = () => warnings.map((line) => `${line}\n`).join("");
  try {
    if (!Object.hasOwn(adapter.events, eventName))
      return fault(`goalpost: unknown ${adapter.displayName} hook event "${eventName}"; answering with no decision.\n`);
    const spec = adapter.events[eventName]!;
    const root = adapter.stateRoot(env);
    if (killSwitchEngaged(root, env) || adapter.foreignRun?.(env)) {
      // Switched off, or not this host's run: the payload is drained unread, so the host never writes into a closed pipe.
      try {
        readInput();
      } catch {}
      return noDecision();
    }

    let data: unknown;
    try {
      data = JSON.parse(readInput());
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

    const store = createGoalStore({ root, warn: (message) => warnings.push(message) });
    const payload = parsed.data;
    const session = adapter.sessionOf(payload);
    const cwd = resolveProjectDir({ adapter, env, store, sessionId: session.sessionId, payloadCwd: session.cwd });
    if (cwd === null)
      return noDecision(`goalpost: ${adapter.displayName} named no workspace folder for this chat; goalpost acts only in one.\n`);
    const built = spec.toEvent(payload, { sessionId: session.sessionId, cwd });
    if (!built) return noDecision();
    // A goal set by this prompt runs its checks with the host's PATH (the user's), never the agent's.
    const event = built.type === "prompt-submitted" && env["PATH"] ? { ...built, searchPath: env["PATH"] } : built;

    const engine = createGoalEngine({
      store,
      config: loadEngineConfig(root, env, (message) => warnings.push(message)),
      profile: adapter.profile,
      protectedFiles: protectedFiles(adapter, cwd, env),
      protectedDirs: adapter.hostRecords?.(env) ?? [],
      // Other hosts' goals in this directory can be continued here (`/goal continue`).
      peerRoots: () => knownStoreRoots(env, root),
      startVerification: detachedVerification(adapter, env),
    });
    // Where a session starts or a prompt comes, this host's root joins the machine's registry.
    if (event.type === "session-started" || event.type === "prompt-submitted") registerStoreRoot(root, env);
    const change = adapter.nativeGoalChange?.(payload, event, store, env) ?? null;
    const mirrored = change
      ? engine.handle({ type: "native-goal-changed", sessionId: event.sessionId, host: event.host, cwd: event.cwd, ...change })
      : null;
    const decided = engine.handle(event);
    // At a stop the host's record holds the turn's calls: the agent's receipts are checked against it.
    if (event.type === "stop-requested" && adapter.hostToolRecord) corroborate(adapter, payload, store, event, warnings);
    const output = spec.toOutput(mergeDecisions(mirrored, decided), payload);
    if (output === null || output === undefined) return noDecision(warned());
    const checked = spec.output.safeParse(output);
    if (!checked.success)
      return fault(
        `goalpost: the ${eventName} answer does not fit what ${adapter.displayName} accepts (${oneLine(z.prettifyError(checked.error))}); answering with no decision.\n`,
        warned(),
      );
    return { stdout: JSON.stringify(checked.data), stderr: warned() };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return fault(`goalpost: internal error in the ${eventName} hook (${detail}); answering with no decision.\n`, warned());
  }
}
