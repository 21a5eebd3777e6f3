import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { portableSha256, sha256 } from "./sha256.js";

const native = (text: string) => createHash("sha256").update(text).digest("hex");

describe("sha256", { timeout: 60_000 }, () => {
  it("is SHA-256 (the standard's test vectors), in JavaScript alone too", () => {
    for (const hash of [sha256, portableSha256]) {
      expect(hash("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
      expect(hash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
  });

  it("in JavaScript alone gives node:crypto's hash for any text", () => {
    // Lone surrogates are encoded the same way (U+FFFD) by both.
    for (const text of ["\ud800", "a\udc00b", "🎯 goal", "\u0000", "é".repeat(70_000)])
      expect(portableSha256(text)).toBe(native(text));
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => portableSha256(text) === native(text)));
  });

  it("gives the same hash either side of the length where node:crypto takes over", () => {
    for (const length of [64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, 500_000])
      expect(sha256("é".repeat(length)), String(length)).toBe(native("é".repeat(length)));
  });
});
