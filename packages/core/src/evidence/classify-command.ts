// A shell command counts as inspection, action or verification by what it runs. The rules read the
// command text the host reported (never the model's description of it), segment by segment.
import type { EvidenceKind, VerificationCategory } from "../record/goal-record.js";
import { isGoalpostCommand } from "./goal-tool-names.js";

export interface CommandClass {
  readonly kind: EvidenceKind;
  /** For verification: what it verifies. */
  readonly category?: VerificationCategory;
}

const RUNNER = String.raw`(?:npm|pnpm|yarn|bun)(?:\s+-[-\w=]+)*\s+(?:run\s+|exec\s+|-w\s+\S+\s+|--filter\s+\S+\s+(?:run\s+)?)?`;
const PACKAGE_EXEC = String.raw`(?:(?:npx|bunx|pnpx)(?:\s+-[-\w=]+)*\s+|(?:pnpm|yarn)\s+(?:exec|dlx)\s+|python3?\s+-m\s+|uv\s+run\s+|poetry\s+run\s+)?`;

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
      String.raw`^(?:${PACKAGE_EXEC}(?:eslint|biome\s+(?:check|lint|ci)|ruff(?:\s+check)?|flake8|pylint|golangci-lint|shellcheck|stylelint|prettier\s+.*--check|rubocop|oxlint|markdownlint)\b|cargo\s+(?:clippy|fmt\s+.*--check)|${RUNNER}lint\b)`,
    ),
  ],
  [
    "test",
    new RegExp(
      String.raw`^(?:${RUNNER}(?:test|t|tests|test:[\w:-]+|e2e|check)\b|${PACKAGE_EXEC}(?:vitest|jest|mocha|ava|tap|playwright\s+test|cypress\s+run|pytest|py\.test|unittest|tox|nox|rspec|phpunit|deno\s+test|bun\s+test)\b|(?:go|cargo|dotnet|swift|mix|deno|bun)\s+test\b|cargo\s+nextest|gotestsum|(?:mvn|\.\/mvnw|gradle|\.\/gradlew)\b.*\b(?:test|verify|check)\b|ctest\b|make\s+(?:test|check)\b|node\s+--test\b|bundle\s+exec\s+(?:rspec|rake\s+test)|prove\b)`,
    ),
  ],
  [
    "build",
    new RegExp(
      String.raw`^(?:${RUNNER}build\b|${PACKAGE_EXEC}(?:tsc|tsup|vite\s+build|webpack|rollup|esbuild|next\s+build|turbo\s+(?:run\s+)?build)\b|(?:cargo|go|dotnet|swift)\s+build\b|(?:mvn|\.\/mvnw)\b.*\b(?:package|install|compile)\b|(?:gradle|\.\/gradlew)\b.*\bbuild\b|make\b(?!\s+(?:clean|install))|cmake\s+--build)`,
    ),
  ],
];

const INSPECTION =
  /^(?:cat|head|tail|less|more|ls|ll|tree|find|fd|rg|grep|egrep|ag|ack|wc|stat|file|du|pwd|which|type|diff|cmp|jq|yq|bat|awk(?!.*-i\s+inplace)|sed\s+-n|git\s+(?:diff|log|show|status|blame|grep|ls-files|branch|remote\s+-v|rev-parse)|nl|od|xxd|readlink|realpath|echo\s+\$|printenv|env$)\b/;

/** First words a verification command can start with: other commands never reach the big patterns. */
const VERIFICATION_FIRST_WORDS = new Set(
  (
    "npm pnpm yarn bun npx bunx pnpx python python3 uv poetry vitest jest mocha ava tap playwright cypress pytest py.test " +
    "unittest tox nox rspec phpunit deno go cargo dotnet swift mix gotestsum mvn ./mvnw gradle ./gradlew ctest make node " +
    "bundle prove tsc vue-tsc mypy pyright basedpyright flow eslint biome ruff flake8 pylint golangci-lint shellcheck " +
    "stylelint prettier rubocop oxlint markdownlint tsup vite webpack rollup esbuild next turbo cmake"
  ).split(" "),
);

/** Splits a command line into the simple commands it runs (`a && b; c | d` → a, b, c, d). */
export function commandSegments(command: string): string[] {
  return command
    .split(/\s*(?:&&|\|\||;|\||\n)\s*/)
    .map((segment) =>
      segment
        .trim()
        .replace(/^\(+\s*/, "")
        .replace(/^(?:export\s+)?(?:[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|'[^']*'|\S*)\s+)+/, "")
        .replace(/^(?:sudo|time|timeout\s+\S+|nice|env)\s+/, "")
        .trim(),
    )
    .filter((segment) => segment !== "" && !/^cd\b/.test(segment));
}

/**
 * Verification wins over action wins over inspection: `npm test` after an edit proves more than the
 * `cat` before it. An unknown command counts as action: running something is more than a claim.
 */
export function classifyCommand(command: string): CommandClass {
  if (isGoalpostCommand(command)) return { kind: "goal" };
  const segments = commandSegments(command);
  if (segments.length === 0) return { kind: "other" };
  let sawAction = false;
  for (const segment of segments) {
    if (VERIFICATION_FIRST_WORDS.has(segment.split(/\s/, 1)[0] ?? "")) {
      for (const [category, pattern] of VERIFICATION) {
        if (pattern.test(segment)) return { kind: "verification", category };
      }
    }
    if (!INSPECTION.test(segment) || REDIRECT.test(segment)) sawAction = true;
  }
  return { kind: sawAction ? "action" : "inspection" };
}

const MUTATING =
  /^(?:sed\s+(?:-\w+\s+)*-i|perl\s+(?:-\w+\s+)*-[a-z]*i|mv|cp|rm|rmdir|mkdir|touch|tee|patch|ln|chmod|truncate|dd|install|git\s+(?:apply|checkout|switch|restore|reset|merge|rebase|am|cherry-pick|revert|stash\s+(?:pop|apply)|mv|rm|pull)|(?:npm|pnpm|yarn|bun)\s+(?:install|i|add|remove|uninstall|update|up)\b|pip3?\s+install|cargo\s+(?:add|fix)|go\s+(?:get|mod\s+tidy)|npx\s+(?:-y\s+)?prettier\s+.*--write|eslint\s+.*--fix|biome\s+.*--write)\b/;
/** Output redirection into a file (not `2>&1`, not `/dev/null`). */
const REDIRECT = /(?:^|[^0-9&])>{1,2}\s*(?!&|\/dev\/null)[^\s&|;]/;

/** Whether a command changes files, so that a verification must run again after it. */
export function isMutatingCommand(command: string): boolean {
  return commandSegments(command).some((segment) => MUTATING.test(segment) || REDIRECT.test(segment));
}
