import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openRecord, recordLinesFromEnd, recordTail } from "./record-tail.js";

const folder = () => mkdtempSync(join(tmpdir(), "record-tail-"));

describe("a host's record, read from its end", () => {
  it("gives the last bytes of a record, and says whether they are all of it", () => {
    const path = join(folder(), "transcript.jsonl");
    writeFileSync(path, '{"a":1}\n{"b":2}\n');
    expect(recordTail(path, 1024)).toEqual({ text: '{"a":1}\n{"b":2}\n', whole: true });
    expect(recordTail(path, 8)).toEqual({ text: '{"b":2}\n', whole: false });
  });

  it("gives its lines newest first, whole across chunks, multi-byte text intact, within the limit", () => {
    const path = join(folder(), "rollout.jsonl");
    const lines = Array.from({ length: 50 }, (_, index) => JSON.stringify({ index, text: "é→✓".repeat(index % 7) }));
    writeFileSync(path, `${lines.join("\n")}\n`);
    const read = [...recordLinesFromEnd(path, 1024 * 1024, 16)].map((line) => Buffer.from(line, "latin1").toString("utf8"));
    expect(read).toEqual([...lines].reverse());
    const bounded = [...recordLinesFromEnd(path, Buffer.byteLength(`${lines.at(-1)}\n`), 16)];
    expect(bounded).toHaveLength(1);
  });

  it("never waits on a FIFO planted at the record's path, nor reads a folder", () => {
    const dir = folder();
    const fifo = join(dir, "planted.jsonl");
    execFileSync("mkfifo", [fifo]);
    expect(openRecord(fifo)).toBeNull();
    expect(recordTail(fifo, 1024)).toEqual({ text: "", whole: false });
    expect([...recordLinesFromEnd(fifo, 1024)]).toEqual([]);
    expect(openRecord(dir)).toBeNull();
  });
});
