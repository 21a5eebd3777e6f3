// Whether a verification run proves anything. A passing receipt is a recognised verifier whose own
// exit status decides the command's (not `npm test || true`, `npm test; exit 0`, `npm test | tail`),
// that ran at least one test or check (not `--help`, `--version`, `--collect-only`, `make -n`, or
// output saying no tests ran), and whose output reports no failure ("3 failed" is a failing receipt
// whatever the exit code). A run that cannot be judged is never a pass.
import type { VerificationCategory } from "../record/goal-record.js";
import { verificationCategory } from "./classify-command.js";
import { parseShell, type ShellSegment } from "./shell-syntax.js";

export interface ReceiptJudgement {
  readonly category: VerificationCategory;
  /** true: it passed; false: it failed; null: it proves nothing either way. */
  readonly passed: boolean | null;
  /** Why, in words for the goal's record and the model. */
  readonly verdict: string;
}

/** Flags that make a verifier print something and run nothing. */
const NO_OP_FLAGS = new Set([
  "--help",
  "-h",
  "--version",
  "-V",
  "--collect-only",
  "--co",
  "--list",
  "--listTests",
  "--list-tests",
  "--showConfig",
  "--print-config",
  "--dry-run",
  "--no-run",
  "--just-print",
  "--recon",
]);

const FAILURE = [
  /\b[1-9]\d*\s+(?:failed|failing|failures?|errors?)\b/i,
  /^\s*(?:FAIL|FAILED|--- FAIL|not ok)\b/m,
  /\btest result: FAILED\b/,
  /\bfailures="[1-9]/,
  /\berror TS\d+\b/,
  /\bTests?:\s+[1-9]\d* failed\b/i,
];
const NOTHING_RAN = [
  /\bno tests? (?:were )?(?:found|ran|run|to run|collected|executed)\b/i,
  /\bcollected 0 items\b/,
  /\[no test files\]/,
  /\[no tests to run\]/,
  /\bRan 0 tests\b/,
  /\brunning 0 tests\b/,
  /\bTests?:\s+0 total\b/i,
  /\b0 passing\b/,
  /\bNo test files found\b/i,
];
/** Signs that something did run; `ok <pkg> 0.1s` is go's, unless it adds that no tests ran. */
const SOMETHING_RAN = [/\b[1-9]\d*\s+(?:passed|passing|tests?|specs?|examples?|checks?)\b/i, /^ok\s+\S+\s+[\d.]+s\s*$/m];

/** What the output says: "failed", "nothing-ran", or null when it says neither. */
export function outputVerdict(output: string | null | undefined): "failed" | "nothing-ran" | null {
  if (!output) return null;
  // Judge the tail: runners print their summary last, and a huge log stays cheap.
  const text = output.length > 200_000 ? output.slice(-200_000) : output;
  if (FAILURE.some((pattern) => pattern.test(text))) return "failed";
  if (NOTHING_RAN.some((pattern) => pattern.test(text)) && !SOMETHING_RAN.some((pattern) => pattern.test(text)))
    return "nothing-ran";
  return null;
}

function noOp(segment: ShellSegment): string | undefined {
  const flag = segment.words.find((word) => NO_OP_FLAGS.has(word));
  if (flag) return flag;
  if (segment.words[0] === "make" && segment.words.includes("-n")) return "-n";
  return undefined;
}

/**
 * Judges a shell command the host reported as run: null when it runs no verifier; otherwise its
 * category and whether it passed.
 */
export function judgeShellReceipt(
  command: string,
  result: { readonly succeeded: boolean | null; readonly output?: string | null | undefined },
): ReceiptJudgement | null {
  const { segments } = parseShell(command);
  const first = segments.findIndex((segment) => verificationCategory(segment) !== null);
  if (first === -1) return null;
  const category = verificationCategory(segments[first]!)!;
  const from = segments.slice(first);
  const said = outputVerdict(result.output);
  if (said === "failed") return { category, passed: false, verdict: "its output reports failures" };
  if (result.succeeded === false) return { category, passed: false, verdict: "the host reported that it failed" };
  // From the first verifier on, only && may follow: then any verifier's failure fails the command.
  const undecided = from.slice(0, -1).find((segment) => segment.after !== "&&") ?? from.find((segment) => segment.after === "&");
  if (undecided)
    return {
      category,
      passed: null,
      verdict: `its exit status does not decide the command's ("${undecided.after}" follows it): run the verifier on its own`,
    };
  const flag = from.map(noOp).find(Boolean);
  if (flag) return { category, passed: null, verdict: `${flag} runs no tests or checks` };
  if (said === "nothing-ran") return { category, passed: null, verdict: "its output says no tests ran" };
  if (result.succeeded !== true) return { category, passed: null, verdict: "the host did not say whether it passed" };
  return { category, passed: true, verdict: "passed" };
}
