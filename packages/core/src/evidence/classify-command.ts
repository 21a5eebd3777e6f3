// A shell command counts as inspection, action or verification by what it runs, read from the
// command text the host reported (never the model's description of it), simple command by simple
// command as the shell would run them (see shell-syntax.ts).
import type { EvidenceKind, VerificationCategory } from "../record/goal-record.js";
import { goalToolInvocation } from "./goal-tool-names.js";
import { parseShell, type ShellSegment } from "./shell-syntax.js";
import { verificationOf } from "./verification-patterns.js";
import { bareWords, type KeyedAlternative, wordKeyedPattern } from "./word-keyed-pattern.js";

interface CommandClass {
  readonly kind: EvidenceKind;
  /** For verification: what it verifies. */
  readonly category?: VerificationCategory;
}

/** Commands that only read: `cat`, `git log`, `sed -n` (not awk's in-place edit). */
export const INSPECTION_ALTERNATIVES: readonly KeyedAlternative[] = [
  ...bareWords("cat", "head", "tail", "less", "more", "ls", "ll", "tree", "find", "fd", "rg", "grep", "egrep", "ag", "ack"),
  ...bareWords("wc", "stat", "file", "du", "pwd", "which", "type", "diff", "cmp", "jq", "yq", "bat"),
  { words: ["awk"], source: String.raw`awk(?!.*-i\s+inplace)` },
  { words: ["sed"], source: String.raw`sed\s+-n` },
  {
    words: ["git"],
    source: String.raw`git\s+(?:diff|log|show|status|blame|grep|ls-files|branch|remote\s+-v|rev-parse)`,
  },
  ...bareWords("nl", "od", "xxd", "readlink", "realpath"),
  { words: ["echo"], source: String.raw`echo\s+\$` },
  ...bareWords("printenv"),
  { words: ["env"], source: "env$" },
  { words: ["true"], source: "true$" },
];
const isInspection = wordKeyedPattern(INSPECTION_ALTERNATIVES, String.raw`\b`);

/** A tool binary run by path from node_modules is its bare name, for the verification patterns. */
const firstWord = (segment: ShellSegment) => (segment.words[0] ?? "").replace(/^(?:\.\/)?node_modules\/\.bin\//, "");

/** The category a simple command verifies, or null. */
export function verificationCategory(segment: ShellSegment): VerificationCategory | null {
  return verificationOf(firstWord(segment), segment.text.replace(/^(?:\.\/)?node_modules\/\.bin\//, ""));
}

/** Output redirection into a file (not `2>&1`, not /dev/null). */
export function writesThroughRedirect(segment: ShellSegment): boolean {
  return segment.redirects.some(
    (redirect) =>
      (redirect.op === ">" || redirect.op === ">>" || redirect.op === ">|" || redirect.op === "&>" || redirect.op === "&>>") &&
      redirect.target !== "/dev/null" &&
      !/^&?\d$/.test(redirect.target),
  );
}

/**
 * Verification wins over action wins over inspection: `npm test` after an edit proves more than the
 * `cat` before it. An unknown command counts as action: running something is more than a claim.
 */
export function classifyCommand(command: string): CommandClass {
  if (goalToolInvocation(command)) return { kind: "goal" };
  const segments = parseShell(command).segments.filter((segment) => segment.words[0] !== "cd");
  if (segments.length === 0) return { kind: "other" };
  let sawAction = false;
  for (const segment of segments) {
    const category = verificationCategory(segment);
    if (category) return { kind: "verification", category };
    if (!isInspection(segment.text) || writesThroughRedirect(segment)) sawAction = true;
  }
  return { kind: sawAction ? "action" : "inspection" };
}

/** Commands that change files: in-place edits, moves, installs, checkouts, formatters that write. */
export const MUTATING_ALTERNATIVES: readonly KeyedAlternative[] = [
  { words: ["sed"], source: String.raw`sed\s+(?:-\w+\s+)*-i` },
  { words: ["perl"], source: String.raw`perl\s+(?:-\w+\s+)*-[a-z]*i` },
  ...bareWords("mv", "cp", "rm", "rmdir", "mkdir", "touch", "tee", "patch", "ln", "chmod", "chown", "truncate", "dd"),
  ...bareWords("install", "unlink", "shred", "rsync"),
  {
    words: ["git"],
    source: String.raw`git\s+(?:apply|checkout|switch|restore|reset|merge|rebase|am|cherry-pick|revert|stash\s+(?:pop|apply)|mv|rm|pull|clean)`,
  },
  {
    words: ["npm", "pnpm", "yarn", "bun"],
    source: String.raw`(?:npm|pnpm|yarn|bun)\s+(?:install|i|add|remove|uninstall|update|up)\b`,
  },
  { words: ["pip", "pip3"], source: String.raw`pip3?\s+install` },
  { words: ["cargo"], source: String.raw`cargo\s+(?:add|fix)` },
  { words: ["go"], source: String.raw`go\s+(?:get|mod\s+tidy)` },
  { words: ["npx"], source: String.raw`npx\s+(?:-y\s+)?prettier\s+.*--write` },
  { words: ["eslint"], source: String.raw`eslint\s+.*--fix` },
  { words: ["biome"], source: String.raw`biome\s+.*--write` },
  { words: ["python", "python3"], source: String.raw`python3?\s+-c` },
  { words: ["node"], source: String.raw`node\s+-e` },
  ...bareWords("sqlite3"),
];
const isMutatingText = wordKeyedPattern(MUTATING_ALTERNATIVES, String.raw`\b`);

/** Whether a simple command changes files. */
export function isMutatingSegment(segment: ShellSegment): boolean {
  return isMutatingText(segment.text) || writesThroughRedirect(segment);
}

/** Whether a command changes files, so that a verification must run again after it. */
export function isMutatingCommand(command: string): boolean {
  return parseShell(command).segments.some(isMutatingSegment);
}
