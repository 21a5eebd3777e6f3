import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appendToList, LIST_LIMITS, sanitizeList } from "./sanitize-list.js";
import { sanitizeText, truncateText } from "./sanitize-text.js";

describe("sanitizeText", () => {
  it("strips control, NUL, bidirectional-override and zero-width characters", () => {
    expect(sanitizeText("a\u0000b\u0007c\u202Ed\u200Be\uFEFFf\u2066g", { maxLength: 100 })).toBe("abcdefg");
  });

  it("folds white space on one line, keeps paragraphs when multiline", () => {
    expect(sanitizeText("  a \n\n b\t c  ", { maxLength: 100 })).toBe("a b c");
    expect(sanitizeText("line one  \n\n\n\nline two", { maxLength: 100, multiline: true })).toBe("line one\n\nline two");
  });

  it("redacts before cutting, so a cut never leaves part of a secret", () => {
    const secret = `${"ghp_"}${"a".repeat(36)}`;
    expect(sanitizeText(`token ${secret}`, { maxLength: 12 })).not.toContain("ghp_");
  });

  it("never splits a surrogate pair when truncating", () => {
    const text = "😀".repeat(10);
    const cut = truncateText(text, 5);
    expect(Array.from(cut)).toHaveLength(5);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("returns an empty string for non-strings", () => {
    expect(sanitizeText(42, { maxLength: 10 })).toBe("");
    expect(sanitizeText(null, { maxLength: 10 })).toBe("");
  });

  it("property: idempotent", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.integer({ min: 1, max: 200 }),
        fc.boolean(),
        (input, maxLength, multiline) => {
          const once = sanitizeText(input, { maxLength, multiline });
          expect(sanitizeText(once, { maxLength, multiline })).toBe(once);
          expect(Array.from(once).length).toBeLessThanOrEqual(maxLength);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("sanitizeList", () => {
  it("drops empty items, de-duplicates by folded text (first spelling wins) and keeps the newest when over the cap", () => {
    expect(sanitizeList(["  ", "Fix the parser", "fix the  parser!", "\u0000", "Add tests"])).toEqual([
      "Fix the parser",
      "Add tests",
    ]);
    const many = Array.from({ length: LIST_LIMITS.items + 5 }, (_, index) => `item number ${index}`);
    const bounded = sanitizeList(many);
    expect(bounded).toHaveLength(LIST_LIMITS.items);
    expect(bounded.at(-1)).toBe(`item number ${LIST_LIMITS.items + 4}`);
  });

  it("bounds each item", () => {
    const [item] = sanitizeList(["x".repeat(5000)]);
    expect(Array.from(item ?? "").length).toBe(LIST_LIMITS.itemLength);
  });

  it("appendToList reports only the items really added", () => {
    const { list, added } = appendToList(["Read the parser"], ["read the parser", "Ran npm test: 12 passed"]);
    expect(added).toEqual(["Ran npm test: 12 passed"]);
    expect(list).toEqual(["Read the parser", "Ran npm test: 12 passed"]);
  });

  it("property: idempotent", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 80 }), { maxLength: 100 }), (items) => {
        const once = sanitizeList(items);
        expect(sanitizeList(once)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});
