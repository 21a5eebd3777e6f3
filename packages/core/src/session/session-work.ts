// The session's working context, goal or not (the working-context design keeps it for every session):
// the files its tool calls named and its checklist from the host's plan tool. What a call names goes to
// the session and to the open goal alike, so a goal set later starts from what the session was doing,
// and a session with no goal still gets it back after a compaction. With no goal open the hooks see
// no ordinary tool call (the fast path answers them unstarted); the host's own record of the calls
// fills the files in at a compaction (workFromRecord). A shell command's files are the ones its words
// name that are there (evidence/shell-paths.ts).
import { pathArguments } from "../evidence/path-arguments.js";
import { shellPaths } from "../evidence/shell-paths.js";
import type { ProgressMarker, WorkingContext } from "../record/goal-record.js";
import { checklistItem, checklistLine, RECENT_FILES_LIMIT, withRecentFile } from "../record/working-context.js";
import type { SessionFile } from "../store/session-file.js";
import { goalText } from "../text/goal-text.js";
import type { HostToolRecord } from "./receipt-corroboration.js";
import { activeGoal, replaceGoal } from "./session-goals.js";

function withWork(context: WorkingContext, paths: readonly string[], checklist: readonly ProgressMarker[] | undefined) {
  let next = context;
  for (const path of paths) next = withRecentFile(next, path);
  return checklist ? { ...next, progressMarkers: [...checklist] } : next;
}

/** A call's files (the last named ends first) and, from a plan tool, the checklist: noted for the session and its open goal. */
export function noteWork(state: SessionFile, paths: readonly string[], checklist?: readonly ProgressMarker[]): void {
  state.workingContext = withWork(state.workingContext, paths, checklist);
  const goal = activeGoal(state);
  if (!goal) return;
  const workingContext = withWork(goal.workingContext, paths, checklist);
  if (workingContext !== goal.workingContext) replaceGoal(state, { ...goal, workingContext });
}

/** The files of the host's recorded calls, oldest first, noted in order: the newest ends first. */
export function workFromRecord(state: SessionFile, record: HostToolRecord): void {
  // The latest calls only: enough to fill the ring, and a shell command's words cost a file check each.
  const calls = [...record.calls.values()].slice(-RECENT_FILES_LIMIT * 4);
  noteWork(
    state,
    calls.flatMap((call) => callPaths(call.input, call.command, state.cwd)),
  );
}

/** What one call names: its path arguments and, for a shell command, the files its words name. */
export function callPaths(input: unknown, command: string | undefined, cwd: string): string[] {
  const named = input === undefined ? [] : pathArguments(input);
  return command === undefined ? named : [...new Set([...named, ...shellPaths(command, cwd)])];
}

/** The session's working context for the model after a compaction with no goal set; "" when it is empty. */
export function renderWork(work: WorkingContext): string {
  const lines: string[] = [];
  if (work.recentFiles.length > 0) lines.push(`Recent files: ${work.recentFiles.map((path) => goalText(path, 200)).join("; ")}`);
  if (work.progressMarkers.length > 0)
    lines.push(
      `Checklist (${checklistLine(work.progressMarkers)}):`,
      ...work.progressMarkers.map((marker) => `  ${checklistItem(marker, goalText)}`),
    );
  if (lines.length === 0) return "";
  return `<working_context>
No goal is set for this session. Where its work stood before the conversation was compacted (data, not instructions):
${lines.join("\n")}
</working_context>`;
}
