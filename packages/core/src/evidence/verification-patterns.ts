// Which simple commands verify, and what: test, build, typecheck or lint. Each category is a list of
// alternatives (`npm run test`, `pnpm exec vitest`, `cargo test`, …), each with the first words it can
// start with. A command is matched only against the alternatives for its own first word, compiled
// when that word is first seen: V8 compiles a RegExp on first use, and one pattern per category with
// every alternative in it cost a hook ~5 ms to compile and ~0.3 MB of machine code in the start-up
// snapshot, for a command that could only ever match a few of them.
import type { VerificationCategory } from "../record/goal-record.js";
import { type KeyedAlternative, wholePattern } from "./word-keyed-pattern.js";

/** A package manager running a script or a binary: `npm run x`, `pnpm -r x`, `yarn workspace a x`, `pnpm vitest`. */
const RUNNER = String.raw`(?:npm|pnpm|yarn|bun)(?:\s+-[-\w=]+(?:\s+\S+)?)*?\s+(?:run\s+|run-script\s+|exec\s+|-w\s+\S+\s+|--filter\s+\S+\s+(?:run\s+)?|workspace\s+\S+\s+)?`;
const RUNNER_WORDS = ["npm", "pnpm", "yarn", "bun"];
/** Ways to run a tool binary: npx, pnpm exec/dlx, yarn/pnpm/bun <bin>, python -m, uv/poetry run (node_modules/.bin/ is cut off first). */
const PACKAGE_EXEC = String.raw`(?:(?:npx|bunx|pnpx)(?:\s+-[-\w=]+)*\s+|(?:pnpm|yarn|bun)\s+(?:exec\s+|dlx\s+|x\s+)?|python3?\s+-m\s+|uv\s+run\s+|poetry\s+run\s+|pipenv\s+run\s+|hatch\s+run\s+|(?:\.\/)?node_modules\/\.bin\/)?`;
const PACKAGE_EXEC_WORDS = ["npx", "bunx", "pnpx", "pnpm", "yarn", "bun", "python", "python3", "uv", "poetry", "pipenv", "hatch"];

/** An alternative's words are the first words the shell tokenizer gives for a command it matches. */
type Alternative = KeyedAlternative;

/** A package.json script run by a package manager. */
const script = (names: string): Alternative => ({ words: RUNNER_WORDS, source: `${RUNNER}${names}` });

/** The word a tool's pattern starts with: `py\.test` → py.test, `biome\s+check` → biome. */
const leadingWord = (pattern: string) => (/^(?:\\[./]|[\w-])+/.exec(pattern)?.[0] ?? "").replace(/\\([./])/g, "$1");

/** Tool binaries, run bare or through a package runner; `end` follows the list. */
const tools = (patterns: readonly string[], end: string): Alternative => ({
  words: [...PACKAGE_EXEC_WORDS, ...patterns.map(leadingWord)],
  source: `${PACKAGE_EXEC}(?:${patterns.join("|")})${end}`,
});

const command = (words: readonly string[], source: string): Alternative => ({ words, source });

/** In order: the first category that matches is the command's. */
export const VERIFICATION: readonly (readonly [VerificationCategory, readonly Alternative[]])[] = [
  [
    "typecheck",
    [
      tools([String.raw`tsc\b.*--noEmit`, "vue-tsc", "mypy", "pyright", "basedpyright", String.raw`flow\b`], ""),
      command(["cargo"], String.raw`cargo\s+check`),
      command(["go"], String.raw`go\s+vet`),
      script(String.raw`(?:typecheck|type-check|tsc|check-types)\b`),
    ],
  ],
  [
    "lint",
    [
      tools(
        [
          "eslint",
          String.raw`biome\s+(?:check|lint|ci)`,
          String.raw`ruff(?:\s+check)?`,
          "flake8",
          "pylint",
          "golangci-lint",
          "shellcheck",
          "stylelint",
          String.raw`prettier\s+.*--check`,
          "rubocop",
          "oxlint",
          "markdownlint",
          "ktlint",
          "detekt",
          String.raw`dotnet\s+format\s+.*--verify-no-changes`,
        ],
        String.raw`\b`,
      ),
      command(["cargo"], String.raw`cargo\s+(?:clippy|fmt\s+.*--check)`),
      script(String.raw`lint\b`),
    ],
  ],
  [
    "test",
    [
      script(String.raw`(?:test|t|tests|test:[\w:-]+|e2e|check)\b`),
      tools(
        [
          "vitest",
          "jest",
          "mocha",
          "ava",
          "tap",
          String.raw`playwright\s+test`,
          String.raw`cypress\s+run`,
          "pytest",
          String.raw`py\.test`,
          "unittest",
          "tox",
          "nox",
          "rspec",
          "phpunit",
          String.raw`deno\s+test`,
          String.raw`bun\s+test`,
          String.raw`karma\s+start`,
          String.raw`nyc\s+\S+`,
        ],
        String.raw`\b`,
      ),
      command(
        ["go", "cargo", "dotnet", "swift", "mix", "deno", "bun", "zig"],
        String.raw`(?:go|cargo|dotnet|swift|mix|deno|bun|zig)\s+test\b`,
      ),
      command(["cargo"], String.raw`cargo\s+nextest\s+run`),
      command(["gotestsum"], "gotestsum"),
      command(
        ["mvn", "./mvnw", "gradle", "./gradlew"],
        String.raw`(?:mvn|\.\/mvnw|gradle|\.\/gradlew)\b.*\b(?:test|verify|check)\b`,
      ),
      command(["sbt", "lein"], String.raw`(?:sbt|lein)\b.*\btest\b`),
      command(["ctest"], String.raw`ctest\b`),
      command(["make"], String.raw`make\s+(?:test|check)\b`),
      command(["node"], String.raw`node\s+--test\b`),
      command(["bundle"], String.raw`bundle\s+exec\s+(?:rspec|rake\s+test)`),
      command(["rake"], String.raw`rake\s+test\b`),
      command(["prove"], String.raw`prove\b`),
    ],
  ],
  [
    "build",
    [
      script(String.raw`build\b`),
      tools(
        [
          "tsc",
          "tsup",
          String.raw`vite\s+build`,
          "webpack",
          "rollup",
          "esbuild",
          String.raw`next\s+build`,
          String.raw`turbo\s+(?:run\s+)?build`,
        ],
        String.raw`\b`,
      ),
      command(["cargo", "go", "dotnet", "swift", "zig"], String.raw`(?:cargo|go|dotnet|swift|zig)\s+build\b`),
      command(["mvn", "./mvnw"], String.raw`(?:mvn|\.\/mvnw)\b.*\b(?:package|install|compile)\b`),
      command(["gradle", "./gradlew"], String.raw`(?:gradle|\.\/gradlew)\b.*\bbuild\b`),
      command(["make"], String.raw`make\b(?!\s+(?:clean|install))`),
      command(["cmake"], String.raw`cmake\s+--build`),
    ],
  ],
];

/** Every first word a verification can start with: any other command never reaches a pattern. */
const FIRST_WORDS = new Set(VERIFICATION.flatMap(([, alternatives]) => alternatives.flatMap((a) => a.words)));

const byFirstWord = new Map<string, readonly (readonly [VerificationCategory, RegExp])[]>();

/** The patterns a command starting with `word` can match, per category in order; compiled once per word. */
function patternsFor(word: string): readonly (readonly [VerificationCategory, RegExp])[] {
  if (!FIRST_WORDS.has(word)) return [];
  let patterns = byFirstWord.get(word);
  if (!patterns) {
    patterns = VERIFICATION.flatMap(([category, alternatives]) => {
      const mine = alternatives.filter((alternative) => alternative.words.includes(word));
      return mine.length > 0 ? [[category, wholePattern(mine, "")] as const] : [];
    });
    byFirstWord.set(word, patterns);
  }
  return patterns;
}

/** The category a command verifies, from its first word and its text (node_modules/.bin/ cut off both), or null. */
export function verificationOf(firstWord: string, text: string): VerificationCategory | null {
  for (const [category, pattern] of patternsFor(firstWord)) if (pattern.test(text)) return category;
  return null;
}
