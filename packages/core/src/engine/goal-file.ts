// The project's goal as a file the user writes: `.goalpost/goal.md` in the session's directory (the
// hierarchical-goals design's explicit override). A user's prompt in a session with no goal of its own
// takes it up, as if the user had typed `/goal` and the file's words; an edit to the file while its goal
// is open is the user's new goal (the old one is set aside, resumable by name). A file taken once is not
// taken again while it reads the same (store/goal-files.ts): a goal closed or cleared stays so. The
// agent may not write it: the tamper guard refuses edits to the project's `.goalpost/` folder, and a
// check goalpost runs cannot write it (verify/sandbox-walls.ts); a write the guard cannot see (a script
// that builds the path, `cp -r` of a staged folder) while the file's goal is open is found at the stop
// that ends the agent's turn: that content is never taken, and the user is told. What a hook cannot see
// at all (a write while no goal is open) the user sees when the goal is taken, in their own words and
// the file's name.

import { join } from "node:path";
import { recordBreaches } from "../notify/record-breaches.js";
import { sha256 } from "../record/sha256.js";
import { activeGoal } from "../session/session-goals.js";
import { noteGoalFile, recordGoalFileTaken, type TakenGoalFile, takenGoalFile } from "../store/goal-files.js";
import { readProjectBytes } from "../store/project-text.js";
import { quotedGoal } from "../text/goal-text.js";
import type { EngineContext } from "./engine-context.js";
import type { EngineDecision, EngineEventOf } from "./engine-event.js";
import { captureGoal } from "./goal-changes.js";

/** The goal file, relative to the project. */
const GOAL_FILE = join(".goalpost", "goal.md");
/** A goal's words fit in far less: a longer file is read as its start. */
const GOAL_FILE_LIMIT = 16 * 1024;

/**
 * The file's first bytes as text, or null: read only when it is a regular file (opened without waiting,
 * so a FIFO or a device a cloned repository holds at that path never hangs a prompt or a stop), within
 * the bound, and only when it is text — a binary file is never anyone's goal.
 */
function readBoundedText(path: string): string | null {
  const bytes = readProjectBytes(path, GOAL_FILE_LIMIT);
  if (bytes === null || bytes.includes(0)) return null;
  const text = bytes.toString("utf8");
  // Bytes that are not UTF-8 (a binary, an image): not text. The bound may cut one character at the end.
  return (text.match(/\uFFFD/g)?.length ?? 0) > 1 ? null : text.replace(/\uFFFD$/, "");
}

/** The goal in the project's goal file: its words (HTML comments, a leading `/goal` and a heading's `#` taken out), or null. */
function readGoalFile(cwd: string): { text: string; hash: string } | null {
  const raw = readBoundedText(join(cwd, GOAL_FILE));
  if (raw === null) return null;
  const text = raw
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
    .trim()
    .replace(/^\/goal\s+/i, "")
    .replace(/^#+\s+/, "")
    .trim();
  return text === "" ? null : { text, hash: sha256(text) };
}

/**
 * A user's prompt with no goal command: the goal file's goal, when the file holds one goalpost has not
 * taken and no goal the user set another way holds the session; null otherwise.
 */
export function goalFromFile(context: EngineContext, event: EngineEventOf<"prompt-submitted">): EngineDecision | null {
  if (event.origin !== "user" || event.subagent) return null;
  const file = readGoalFile(event.cwd);
  if (!file) return null;
  const taken = takenGoalFile(context.store.root, event.cwd);
  if (taken?.hash === file.hash || taken?.agentWrote === file.hash) return null;
  const open = activeGoal(context.store.peek(event.sessionId));
  // A goal the user set with /goal (or another session's goal continued here) holds the session; the file waits.
  if (open && open.id !== taken?.goalId) return null;
  const captured = captureGoal(context, { ...event, prompt: file.text }, { objective: file.text, source: "file" });
  const goal = activeGoal(context.store.peek(event.sessionId));
  if (goal)
    recordGoalFileTaken(context.store.root, event.cwd, { hash: file.hash, goalId: goal.id, at: context.now().toISOString() });
  const edited = open ? "your edit of" : "the goal in";
  return {
    ...captured,
    userNote: `goalpost: ${edited} ${GOAL_FILE} is this session's goal (edit the file to change it, goal: clear to drop it). ${(captured.userNote ?? "").replace(/^goalpost: /, "")}`,
  };
}

/** A content of the goal file that is not one the user is known to have: neither taken, nor read at their prompt, nor already refused. */
const unexplained = (file: { hash: string }, taken: TakenGoalFile) =>
  file.hash !== taken.hash && file.hash !== taken.atPrompt && file.hash !== taken.agentWrote;

/** The open goal, when it came from this project's goal file, with what was taken; null otherwise. */
function fileGoal(context: EngineContext, event: { sessionId: string; cwd: string }) {
  const open = activeGoal(context.store.peek(event.sessionId));
  const taken = open ? takenGoalFile(context.store.root, event.cwd) : null;
  return open && taken && taken.goalId === open.id ? { open, taken } : null;
}

/**
 * A user's prompt that is a goal command (the file is not read as a goal then): an edit of theirs
 * since the goal was taken is remembered as theirs, so the stop does not take it for the agent's.
 */
export function markGoalFileAtPrompt(context: EngineContext, event: EngineEventOf<"prompt-submitted">): void {
  if (event.origin !== "user" || event.subagent) return;
  const held = fileGoal(context, event);
  const file = held ? readGoalFile(event.cwd) : null;
  if (held && file && unexplained(file, held.taken)) noteGoalFile(context.store.root, event.cwd, { atPrompt: file.hash });
}

/**
 * At the stop that ends the agent's turn: the goal file changed since the user's prompt, while its goal
 * was open. No prompt of the user's came between, so the change is the agent's (or something it ran):
 * that content is never taken as the user's goal, the open goal stays, and the user is told.
 */
export function goalFileWrittenInTurn(context: EngineContext, event: { sessionId: string; cwd: string }): void {
  const held = fileGoal(context, event);
  const file = held ? readGoalFile(event.cwd) : null;
  if (!held || !file || !unexplained(file, held.taken)) return;
  noteGoalFile(context.store.root, event.cwd, { agentWrote: file.hash });
  recordBreaches(context.store.root, [
    `${GOAL_FILE} in ${event.cwd} was changed during the agent's turn, with no prompt of yours in between: its new words are not taken as your goal, and goal ${quotedGoal(held.open)} stays open. If the edit was yours, set the goal in your words: goal: <what done means>.`,
  ]);
}
