// goalpost's own tools reach hooks under a different name on every host (mcp__goalpost__goalpost_status,
// mcp_goalpost_goalpost_status, goalpost-goalpost_status, plugin forms, or bare): whatever the prefix,
// the name ends in goalpost's own tool name. Their shell form is one direct run of a goalpost bin:
// `goalpost-<host> status|open|update|close ['<json>'|-] [--session <id>]` and nothing else.
import { parseShell } from "./shell-syntax.js";

const GOAL_TOOL_NAMES = ["goalpost_status", "goalpost_open", "goalpost_update", "goalpost_close"] as const;
type GoalToolName = (typeof GOAL_TOOL_NAMES)[number];

const GOAL_TOOL = new RegExp(`(?:^|[_./(-])(${GOAL_TOOL_NAMES.join("|")})\\)?$`);

/** The goal tool a host tool name refers to, whatever prefix the host added; null for any other tool. */
export function goalToolName(toolName: string): GoalToolName | null {
  const match = GOAL_TOOL.exec(toolName.trim());
  return match ? (match[1] as GoalToolName) : null;
}

/** A goalpost bin, by itself or by path, with or without its .js file name. */
// The bin, its hook loader and bundle (`.cjs`), and the Perl hook client (`.pl`) an installed command runs.
const GOALPOST_BIN = /(?:^|\/)goalpost(?:-[a-z0-9-]+)?(?:\.[cm]?js|\.pl)?$/;
export const GOAL_COMMAND_VERBS = ["status", "open", "update", "close"] as const;
export type GoalCommandVerb = (typeof GOAL_COMMAND_VERBS)[number];

interface GoalToolInvocation {
  readonly verb: GoalCommandVerb;
  /** The words after the verb, as the bin will receive them. */
  readonly args: readonly string[];
}

const LAUNCHERS = new Set(["node", "npx", "bunx", "pnpx", "perl"]);
/** Launcher options whose value is the next word: `node --snapshot-blob <blob> <bin> hook …` is how hooks run. */
const VALUE_OPTIONS = new Set([
  "--snapshot-blob",
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-p",
  "--package",
]);

/** The words after a goalpost bin in a simple command (`node …/bin.js x`, `npx -y goalpost x` too), or null. */
export function goalpostBinWords(words: readonly string[]): readonly string[] | null {
  let rest = words;
  if (LAUNCHERS.has((rest[0] ?? "").split("/").pop() ?? "")) {
    rest = rest.slice(1);
    while (rest[0]?.startsWith("-")) rest = rest.slice(VALUE_OPTIONS.has(rest[0]) ? 2 : 1);
  }
  return GOALPOST_BIN.test(rest[0] ?? "") ? rest.slice(1) : null;
}

/**
 * The command as a goal-tool invocation, or null. Exactly one direct run: no other command, no
 * pipe, no substitution or variable, no subshell or `bash -c`; only a heredoc may feed it.
 */
export function goalToolInvocation(command: string): GoalToolInvocation | null {
  if (!command.includes("goalpost")) return null;
  const parsed = parseShell(command);
  if (parsed.segments.length !== 1 || parsed.dynamic || parsed.grouped) return null;
  const segment = parsed.segments[0]!;
  if (segment.nested || segment.redirects.some((redirect) => redirect.op !== "<<")) return null;
  const rest = goalpostBinWords(segment.words);
  const verb = rest?.[0];
  if (!rest || !(GOAL_COMMAND_VERBS as readonly string[]).includes(verb ?? "")) return null;
  return { verb: verb as GoalCommandVerb, args: rest.slice(1) };
}

/** Whether a command mentions goalpost at all (a subagent may not go near it, however it is spelled). */
export function mentionsGoalpost(command: string): boolean {
  return /goalpost/i.test(command);
}
