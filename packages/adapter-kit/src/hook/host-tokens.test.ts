// The host's token record read as it grows: a record rewritten shorter (a compaction, an edit) is read
// on from its new end — what it held was counted — so no usage is ever counted twice.
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { HostTokenRecord } from "../contract/host-adapter.js";
import { removeTestdirs, testdir } from "../testing/index.js";
import { hostTokensUsed } from "./host-tokens.js";

afterEach(removeTestdirs);

/** A record of lines `{"tokens": n}`, summed. */
const summed: HostTokenRecord = {
  file: (payload) => (payload as { record: string }).record,
  tally: (lines, before) => ({
    tokens: lines.reduce((total, line) => total + (line ? (JSON.parse(line) as { tokens: number }).tokens : 0), before.tokens),
    last: null,
  }),
};
const line = (tokens: number) => `${JSON.stringify({ tokens })}\n`;

describe("the tokens the host's record says", () => {
  it("counts what the record gains, once", () => {
    const dir = testdir({});
    const record = join(dir, "record.jsonl");
    writeFileSync(record, line(4000) + line(6000));
    const read = () => hostTokensUsed(summed, dir, "s", { record }, {});
    expect(read()).toBe(10_000);
    appendFileSync(record, line(1000));
    expect(read()).toBe(11_000);
    expect(read()).toBe(11_000);
  });

  it("does not count a record rewritten shorter again from its start: only what it gains after", () => {
    const dir = testdir({});
    const record = join(dir, "record.jsonl");
    writeFileSync(record, line(4000) + line(6000));
    const read = () => hostTokensUsed(summed, dir, "s", { record }, {});
    expect(read()).toBe(10_000);
    // Rewritten shorter: the first message kept, the second dropped.
    writeFileSync(record, line(4000));
    expect(read()).toBe(10_000);
    appendFileSync(record, line(500));
    expect(read()).toBe(10_500);
  });

  it("goes on counting when the host rotates the session's record to a new file: the new file's usage on top of the old", () => {
    const dir = testdir({});
    const first = join(dir, "first.jsonl");
    const second = join(dir, "second.jsonl");
    writeFileSync(first, line(4000) + line(6000));
    const read = (record: string) => hostTokensUsed(summed, dir, "s", { record }, {});
    expect(read(first)).toBe(10_000);
    // The host goes on in a new file, which already holds a response when goalpost first reads it.
    writeFileSync(second, line(3000));
    expect(read(second)).toBe(13_000);
    appendFileSync(second, line(500));
    expect(read(second)).toBe(13_500);
    expect(read(second)).toBe(13_500);
  });
});
