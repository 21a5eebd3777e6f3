// Goal capture from prompts: `/goal <text>`, `/goalpost <text>`, `goal: <text>`, `objective: <text>`
// and their equivalents in other languages (`Ziel:`, `目标：`, goal-words.ts) at the start of a prompt
// (any case, fullwidth colon too, leading white space, multi-line bodies, a body in any language). Verbs are not objectives: `/goal` alone or `/goal status` reports, `/goal clear` and its
// synonyms cancel, `/goal continue [id]` continues, `/goal help` explains. A word that reads like a
// command goalpost does not have (`/goal pause`, `/goal edit <text>`) is never taken as a new objective:
// it would cancel the open goal without the user meaning to. Nor is a near-miss of a command (`goal:
// acept`, `/goal chek add npm test`): that is a question back, "did you mean `goal: accept`?".
// `/goal` after other text is never dropped silently: at the start of a later line (after white space
// or quoting) it is the prompt's command from there on; after other words on a line it is asked about.

import { type GoalBudget, parseBudget } from "../record/goal-budget.js";
import { isGoalId } from "../record/goal-identity.js";
import { CARRY_ON, MARKER } from "../session/goal-words.js";
import { closest } from "../text/did-you-mean.js";

export type GoalCommand =
  | { readonly kind: "set"; readonly objective: string; readonly source: "slash" | "marker" }
  | { readonly kind: "status" }
  | { readonly kind: "clear" }
  | { readonly kind: "continue"; readonly goalId?: string }
  | { readonly kind: "help" }
  | { readonly kind: "pause" }
  /** `goal: resume` resumes the paused goal; `goal: resume <words or id>` brings back a goal set aside by name. */
  | { readonly kind: "resume"; readonly name?: string }
  /** `/goal …` after other words on a line (`please /goal fix it`): nothing changes, the user is asked. */
  | { readonly kind: "buried"; readonly typed: string }
  /** Reads like a command mistyped (`goal: acept`): nothing changes, the user is asked. */
  | { readonly kind: "near-miss"; readonly typed: string; readonly meant: string }
  | { readonly kind: "unsupported"; readonly verb: string }
  | { readonly kind: "replace"; readonly objective: string }
  | { readonly kind: "confirm" }
  | { readonly kind: "check"; readonly action: CheckAction; readonly command: string }
  | { readonly kind: "accept" }
  | { readonly kind: "refuse" }
  /** `/goal budget 2h, 200k`: sets the open goal's budget (raises a spent one); `/goal budget` alone shows the spend. */
  | { readonly kind: "budget"; readonly budget: GoalBudget | null };

/**
 * `/goal check add <command>`, `drop <command or number>`, `list`, `accept` (the model's proposals), and
 * `trust <command or number>`: its exit status alone counts, where goalpost reads no runner's report;
 * `env NAME=value …`: variables goalpost's runs of the checks get (the project's CI sets TZ=UTC, say).
 */
export type CheckAction = "add" | "drop" | "list" | "accept" | "trust" | "env";
const CHECK_ACTIONS = new Set<string>(["add", "drop", "list", "accept", "trust", "env"]);

/** Words people type after /goal that name a command goalpost does not run (yet): never objectives. */
const UNSUPPORTED_VERBS = new Set(["edit", "replace", "rename", "update", "list", "show", "undo"]);
const REPLACE_VERBS = new Set(["edit", "replace"]);
const PAUSE_VERBS = new Set(["pause", "suspend", "hold"]);

const SLASH = /^\s*\/(?:goal|goalpost)(?=\s|$)([\s\S]*)$/i;
/** `/goal` opening a later line, after white space, a `>` quote or a quote mark: `fix the build\n/goal tests pass`. */
const LATER_LINE = /\n[ \t]*((?:>[ \t]*)*)(["'\u201c\u2018]?)(\/(?:goal|goalpost)(?=\s|$)[\s\S]*)$/i;
/** `/goal` after other words on its line, not inside a code span or a path: `please /goal fix it`. */
const MID_LINE = /(?:^|[ \t])(\/(?:goal|goalpost)[ \t]+[^\s`][^\n]*)/i;
const CLEAR_VERBS = new Set(["clear", "stop", "off", "reset", "none", "cancel"]);

/** `check [add|drop|list|accept] …`, `accept`, `refuse`, `budget …`: the user's word on checks, budget and a goal that waits for it. */
function checkAnswer(body: string): GoalCommand | null {
  const [verb = "", ...rest] = body.split(/\s+/);
  const lower = verb.toLowerCase();
  if (lower === "budget") {
    // "/goal budget the quarterly report" is an objective: only words that read as a budget are one.
    const words = rest.join(" ");
    const budget = words === "" ? null : parseBudget(words);
    if (words === "" || budget) return { kind: "budget", budget };
  }
  if ((lower === "check" || lower === "checks") && (rest.length === 0 || CHECK_ACTIONS.has((rest[0] ?? "").toLowerCase()))) {
    const action = (rest[0]?.toLowerCase() ?? "list") as CheckAction;
    // The command keeps its own spacing and quotes: everything after the action word.
    const command = rest.length > 1 ? body.replace(/^\S+\s+\S+\s+/, "").trim() : "";
    return { kind: "check", action, command };
  }
  if (lower === "accept" && rest.length === 0) return { kind: "accept" };
  if ((lower === "refuse" || lower === "reject") && rest.length === 0) return { kind: "refuse" };
  return null;
}

/**
 * The words of goalpost's commands, for near-misses: what a mistyped first word may have meant. Built
 * from the verbs the parser takes, so a verb added there is asked about when mistyped too. The words
 * that take nothing after them are a near-miss only alone.
 */
const ALONE = new Set([...CLEAR_VERBS, ...PAUSE_VERBS, "accept", "refuse", "reject", "confirm", "status", "help"]);
const COMMAND_WORDS = [...ALONE, "resume", "check", "budget", "continue"];

/**
 * The command `body` reads like when its first word is a typo of one (`acept`, `chek add npm test`,
 * `budgte 2h`) in the shape that command takes; null when it is a command, or reads as words.
 */
function nearMiss(body: string): string | null {
  const [verb = "", ...rest] = body.split(/\s+/);
  const lower = verb.toLowerCase();
  if (COMMAND_WORDS.includes(lower) || lower.length < 4) return null;
  const meant = closest(lower, COMMAND_WORDS);
  if (!meant) return null;
  const after = body.slice(verb.length).trim();
  const fits = ALONE.has(meant)
    ? rest.length === 0
    : meant === "check"
      ? rest.length === 0 || CHECK_ACTIONS.has((rest[0] ?? "").toLowerCase())
      : meant === "budget"
        ? rest.length > 0 && parseBudget(after) !== null
        : rest.length === 0 || (rest.length === 1 && isGoalId(rest[0]!));
  return fits ? [meant, after].filter(Boolean).join(" ") : null;
}

export function parseGoalCommand(prompt: string): GoalCommand | null {
  const slash = SLASH.exec(prompt);
  if (slash) {
    const body = (slash[1] ?? "").trim();
    if (body === "" || /^status$/i.test(body)) return { kind: "status" };
    const [verb = "", ...rest] = body.split(/\s+/);
    const lower = verb.toLowerCase();
    if (/^(?:help|-h|--help|\?)$/.test(lower) && rest.length === 0) return { kind: "help" };
    if (PAUSE_VERBS.has(lower) && rest.length === 0) return { kind: "pause" };
    // Resumes this session's paused goal; with none paused it continues one left here, as `continue` does.
    if (lower === "resume")
      return rest.length === 0 ? { kind: "resume" } : { kind: "resume", name: body.slice(verb.length).trim() };
    if (REPLACE_VERBS.has(lower) && rest.length > 0) return { kind: "replace", objective: body.slice(verb.length).trim() };
    if (lower === "confirm" && rest.length === 0) return { kind: "confirm" };
    const answer = checkAnswer(body);
    if (answer) return answer;
    if (UNSUPPORTED_VERBS.has(lower) && rest.length === 0) return { kind: "unsupported", verb: lower };
    if (CLEAR_VERBS.has(lower) && rest.length === 0) return { kind: "clear" };
    if (lower === "continue") {
      const goalId = rest.find(isGoalId);
      if (rest.length === 0 || goalId) return goalId ? { kind: "continue", goalId } : { kind: "continue" };
    }
    const meant = nearMiss(body);
    if (meant) return { kind: "near-miss", typed: `/goal ${body}`, meant: `/goal ${meant}` };
    return { kind: "set", objective: body, source: "slash" };
  }
  const marker = MARKER.exec(prompt);
  if (marker) {
    const body = (marker[1] ?? "").trim();
    // Where a host keeps `/goal` for itself (Codex's terminal UI, Claude Code's own /goal clear), the
    // user answers goalpost here: `goal: accept`, `goal: refuse`, `goal: check add <command>`, and one
    // word of clear, pause, resume, confirm, status or help, `resume <name>`, `continue [goal id]` —
    // nothing else reads as a command, and a near-miss of one is asked about.
    // `goal:` alone asks what `/goal` alone does: the status.
    if (body === "") return { kind: "status" };
    const answer = checkAnswer(body);
    if (answer) return answer;
    const word = body.toLowerCase();
    if (CLEAR_VERBS.has(word)) return { kind: "clear" };
    if (PAUSE_VERBS.has(word)) return { kind: "pause" };
    if (word === "resume" || word === "confirm" || word === "status" || word === "help") return { kind: word };
    const [verb = "", ...rest] = body.split(/\s+/);
    if (verb.toLowerCase() === "resume") return { kind: "resume", name: body.slice(verb.length).trim() };
    if (word === "continue") return { kind: "continue" };
    if (verb.toLowerCase() === "continue" && rest.length === 1 && isGoalId(rest[0]!))
      return { kind: "continue", goalId: rest[0]! };
    const meant = nearMiss(body);
    if (meant) return { kind: "near-miss", typed: `goal: ${body}`, meant: `goal: ${meant}` };
    return { kind: "set", objective: body, source: "marker" };
  }
  const later = LATER_LINE.exec(prompt);
  if (later) {
    // Quoted: the closing quote is not the user's words. Taken as `goal:` is — the host's own /goal
    // reads only a prompt's start, so this one is goalpost's alone.
    const from = later[2] ? later[3]!.replace(/["'\u201d\u2019]\s*$/, "") : later[3]!;
    const command = parseGoalCommand(from);
    return command?.kind === "set" ? { ...command, source: "marker" } : command;
  }
  const buried = MID_LINE.exec(prompt);
  if (buried) return { kind: "buried", typed: buried[1]!.trim() };
  return null;
}

/** Words that ask to carry on, in any language goalpost knows (goal-words.ts): "keep going", "weiter", "继续". */
export function asksToContinue(prompt: string): boolean {
  return prompt.length < 120 && CARRY_ON.test(prompt);
}

/**
 * The requirements a user wrote into their goal: numbered or bulleted lines, and sentences with
 * "must". The gate then asks for coverage of each, in the user's own words.
 */
export function requirementsFromWords(objective: string): string[] {
  const lines = objective.split("\n");
  const listed = lines
    .map((line) => /^\s*(?:\d{1,2}[.)]|[-*\u2022])\s+(.+\S)\s*$/.exec(line)?.[1])
    .filter((item): item is string => item !== undefined);
  const musts = objective
    .split(/(?<=[.;!?])\s+|\n/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /\bmust(?:n't| not)?\b/i.test(sentence) && !/^\s*(?:\d{1,2}[.)]|[-*\u2022])\s/.test(sentence));
  return [...new Set([...listed, ...musts])].slice(0, 40);
}
