import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VERIFICATION, verificationOf } from "./verification-patterns.js";
import { wholePattern } from "./word-keyed-pattern.js";

/** The words the patterns are made of, and some that are not. */
const WORDS = [
  ...new Set(VERIFICATION.flatMap(([, alternatives]) => alternatives.flatMap((alternative) => alternative.words))),
  // The words in the patterns' sources too, so a word an alternative forgot to declare is still tried.
  ...new Set(
    VERIFICATION.flatMap(([, alternatives]) =>
      alternatives.flatMap(
        (alternative) => alternative.source.replace(/\\([./])/g, "$1").match(/(?:\.\/)?[a-z][a-z0-9.-]*/g) ?? [],
      ),
    ),
  ),
  ...(
    "run run-script exec -w --filter workspace test t tests test:unit e2e check lint build typecheck check-types " +
    "--noEmit -m x dlx clippy fmt --check nextest vet format --verify-no-changes verify package install compile " +
    "clean --build --test rspec start ci -r --silent -y --write foo app . src cat ls"
  ).split(" "),
];

/** Every category's alternatives as one pattern: what a command's first word only narrows. */
const whole = VERIFICATION.map(([category, alternatives]) => [category, wholePattern(alternatives, "")] as const);
const byWholePatterns = (text: string) => whole.find(([, pattern]) => pattern.test(text))?.[0] ?? null;

describe("verification patterns", () => {
  it("narrowed to a command's first word, classify every command as all the patterns would", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(" ", "  ", "\t"),
        (words, gap) => {
          const text = words.join(gap);
          expect(verificationOf(words[0]!, text), text).toBe(byWholePatterns(text));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it("know the usual ways to verify, and nothing for an unknown first word", () => {
    expect(verificationOf("npm", "npm test")).toBe("test");
    expect(verificationOf("pnpm", "pnpm --filter core run typecheck")).toBe("typecheck");
    expect(verificationOf("npx", "npx eslint .")).toBe("lint");
    expect(verificationOf("cargo", "cargo build --release")).toBe("build");
    expect(verificationOf("python3", "python3 -m pytest -q")).toBe("test");
    expect(verificationOf("make", "make clean")).toBe(null);
    expect(verificationOf("npmx", "npm test")).toBe(null);
  });
});
