// A shell command counts as inspection, action or verification by what it runs, read from the
// command text the host reported (never the model's description of it), simple command by simple
// command as the shell would run them (see shell-syntax.ts).
import type { EvidenceKind, VerificationCategory } from "../record/goal-record.js";
import { goalToolInvocation } from "./goal-tool-names.js";
import { parseShell, type ShellSegment } from "./shell-syntax.js";

export interface CommandClass {
  readonly kind: EvidenceKind;
  /** For verification: what it verifies. */
  readonly category?: VerificationCategory;
}

/** A package manager running a script or a binary: `npm run x`, `pnpm -r x`, `yarn workspace a x`, `pnpm vitest`. */
const RUNNER = String.raw`(?:npm|pnpm|yarn|bun)(?:\s+-[-\w=]+(?:\s+\S+)?)*?\s+(?:run\s+|run-script\s+|exec\s+|-w\s+\S+\s+|--filter\s+\S+\s+(?:run\s+)?|workspace\s+\S+\s+)?`;
/** Ways to run a tool binary: npx, pnpm exec/dlx, yarn/pnpm/bun <bin>, python -m, uv/poetry run, node_modules/.bin. */
const PACKAGE_EXEC = String.raw`(?:(?:npx|bunx|pnpx)(?:\s+-[-\w=]+)*\s+|(?:pnpm|yarn|bun)\s+(?:exec\s+|dlx\s+|x\s+)?|python3?\s+-m\s+|uv\s+run\s+|poetry\s+run\s+|pipenv\s+run\s+|hatch\s+run\s+|(?:\.\/)?node_modules\/\.bin\/)?`;

const VERIFICATION: readonly [VerificationCategory, RegExp][] = [
  [
    "typecheck",
    new RegExp(
      String.raw`^(?:${PACKAGE_EXEC}(?:tsc\b.*--noEmit|vue-tsc|mypy|pyright|basedpyright|flow\b)|cargo\s+check|go\s+vet|${RUNNER}(?:typecheck|type-check|tsc|check-types)\b)`,
    ),
  ],
  [
    "lint",
    new RegExp(
      String.raw`^(?:${PACKAGE_EXEC}(?:eslint|biome\s+(?:check|lint|ci)|ruff(?:\s+check)?|flake8|pylint|golangci-lint|shellcheck|stylelint|prettier\s+.*--check|rubocop|oxlint|markdownlint|ktlint|detekt|dotnet\s+format\s+.*--verify-no-changes)\b|cargo\s+(?:clippy|fmt\s+.*--check)|${RUNNER}lint\b)`,
    ),
  ],
  [
    "test",
    new RegExp(
      String.raw`^(?:${RUNNER}(?:test|t|tests|test:[\w:-]+|e2e|check)\b|${PACKAGE_EXEC}(?:vitest|jest|mocha|ava|tap|playwright\s+test|cypress\s+run|pytest|py\.test|unittest|tox|nox|rspec|phpunit|deno\s+test|bun\s+test|karma\s+start|nyc\s+\S+)\b|(?:go|cargo|dotnet|swift|mix|deno|bun|zig)\s+test\b|cargo\s+nextest\s+run|gotestsum|(?:mvn|\.\/mvnw|gradle|\.\/gradlew)\b.*\b(?:test|verify|check)\b|(?:sbt|lein)\b.*\btest\b|ctest\b|make\s+(?:test|check)\b|node\s+--test\b|bundle\s+exec\s+(?:rspec|rake\s+test)|rake\s+test\b|prove\b)`,
    ),
  ],
  [
    "build",
    new RegExp(
      String.raw`^(?:${RUNNER}build\b|${PACKAGE_EXEC}(?:tsc|tsup|vite\s+build|webpack|rollup|esbuild|next\s+build|turbo\s+(?:run\s+)?build)\b|(?:cargo|go|dotnet|swift|zig)\s+build\b|(?:mvn|\.\/mvnw)\b.*\b(?:package|install|compile)\b|(?:gradle|\.\/gradlew)\b.*\bbuild\b|make\b(?!\s+(?:clean|install))|cmake\s+--build)`,
    ),
  ],
];

const INSPECTION =
  /^(?:cat|head|tail|less|more|ls|ll|tree|find|fd|rg|grep|egrep|ag|ack|wc|stat|file|du|pwd|which|type|diff|cmp|jq|yq|bat|awk(?!.*-i\s+inplace)|sed\s+-n|git\s+(?:diff|log|show|status|blame|grep|ls-files|branch|remote\s+-v|rev-parse)|nl|od|xxd|readlink|realpath|echo\s+\$|printenv|env$|true$)\b/;

/** First words a verification command can start with: other commands never reach the big patterns. */
const VERIFICATION_FIRST_WORDS = new Set(
  (
    "npm pnpm yarn bun npx bunx pnpx python python3 uv poetry pipenv hatch vitest jest mocha ava tap playwright cypress " +
    "pytest py.test unittest tox nox rspec phpunit deno go cargo dotnet swift mix zig gotestsum mvn ./mvnw gradle ./gradlew " +
    "sbt lein ctest make node bundle rake prove tsc vue-tsc mypy pyright basedpyright flow eslint biome ruff flake8 pylint " +
    "golangci-lint shellcheck stylelint prettier rubocop oxlint markdownlint ktlint detekt karma nyc tsup vite webpack rollup " +
    "esbuild next turbo cmake"
  ).split(" "),
);

/** A tool binary run by path from node_modules is its bare name, for the patterns above. */
const firstWord = (segment: ShellSegment) => (segment.words[0] ?? "").replace(/^(?:\.\/)?node_modules\/\.bin\//, "");

/** The category a simple command verifies, or null. */
export function verificationCategory(segment: ShellSegment): VerificationCategory | null {
  if (!VERIFICATION_FIRST_WORDS.has(firstWord(segment))) return null;
  const text = segment.text.replace(/^(?:\.\/)?node_modules\/\.bin\//, "");
  for (const [category, pattern] of VERIFICATION) if (pattern.test(text)) return category;
  return null;
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

/** Splits a command line into the simple commands it runs (`a && b; c | d` → a, b, c, d), `cd` left out. */
export function commandSegments(command: string): string[] {
  return parseShell(command)
    .segments.filter((segment) => segment.words[0] !== "cd")
    .map((segment) => segment.text);
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
    if (!INSPECTION.test(segment.text) || writesThroughRedirect(segment)) sawAction = true;
  }
  return { kind: sawAction ? "action" : "inspection" };
}

const MUTATING =
  /^(?:sed\s+(?:-\w+\s+)*-i|perl\s+(?:-\w+\s+)*-[a-z]*i|mv|cp|rm|rmdir|mkdir|touch|tee|patch|ln|chmod|chown|truncate|dd|install|unlink|shred|rsync|git\s+(?:apply|checkout|switch|restore|reset|merge|rebase|am|cherry-pick|revert|stash\s+(?:pop|apply)|mv|rm|pull|clean)|(?:npm|pnpm|yarn|bun)\s+(?:install|i|add|remove|uninstall|update|up)\b|pip3?\s+install|cargo\s+(?:add|fix)|go\s+(?:get|mod\s+tidy)|npx\s+(?:-y\s+)?prettier\s+.*--write|eslint\s+.*--fix|biome\s+.*--write|python3?\s+-c|node\s+-e|sqlite3)\b/;

/** Whether a simple command changes files. */
export function isMutatingSegment(segment: ShellSegment): boolean {
  return MUTATING.test(segment.text) || writesThroughRedirect(segment);
}

/** Whether a command changes files, so that a verification must run again after it. */
export function isMutatingCommand(command: string): boolean {
  return parseShell(command).segments.some(isMutatingSegment);
}
