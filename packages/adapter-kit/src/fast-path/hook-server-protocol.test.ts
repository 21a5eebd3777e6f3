// The hook server's framing, both ways: what a client sends is what the server reads, whole or cut
// anywhere, and what the server answers is what the client prints — bytes, not UTF-16 units.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeHookReply, decodeHookRequestHeader, encodeHookReply, encodeHookRequest } from "./hook-server-protocol.js";

const noNul = fc.string({ unit: "binary" }).filter((text) => !text.includes("\0"));
const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/);
const request = fc.record({
  event: noNul.filter((text) => text !== ""),
  cwd: noNul,
  bundle: noNul,
  deadline: fc.nat(),
  request: fc.stringMatching(/^[\w.-]{0,40}$/),
  env: fc.dictionary(name, noNul, { maxKeys: 8 }),
});

/** What a hook prints: nothing, or the host's JSON object (in any script). */
const answer = fc.oneof(
  fc.constant(""),
  fc.dictionary(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" })).map((value) => JSON.stringify(value)),
);

describe("the hook server's framing", () => {
  it("reads back every request and its payload, and nothing before its header is complete", () => {
    fc.assert(
      fc.property(request, fc.uint8Array({ maxLength: 256 }), (sent, bytes) => {
        const payload = Buffer.from(bytes);
        const frame = encodeHookRequest(sent, payload);
        const read = decodeHookRequestHeader(frame)!;
        expect(read.request).toEqual(sent);
        expect(read.length).toBe(payload.length);
        expect(frame.subarray(read.payloadStart, read.payloadStart + read.length)).toEqual(payload);
        expect(decodeHookRequestHeader(frame.subarray(0, read.payloadStart - 1))).toBeUndefined();
      }),
    );
  });

  it("reads back every reply, byte-exact in any script, and waits for all of it", () => {
    fc.assert(
      fc.property(answer, fc.string({ unit: "grapheme" }), (stdout, stderr) => {
        const frame = encodeHookReply({ stdout, stderr });
        expect(decodeHookReply(frame)).toEqual({ stdout, stderr });
        if (frame.length > 1) expect(decodeHookReply(frame.subarray(0, frame.length - 1))).toBeUndefined();
      }),
    );
  });

  it("passes on no reply that goalpost would not give: more bytes than declared, an answer that is not a JSON object", () => {
    const frame = (stdout: string) => Buffer.from(`ok ${Buffer.byteLength(stdout)} 0\n${stdout}`);
    expect(decodeHookReply(frame('{"decision":"block"}'))).toEqual({ stdout: '{"decision":"block"}', stderr: "" });
    expect(decodeHookReply(frame(""))).toEqual({ stdout: "", stderr: "" });
    for (const answer of ["not json", "[1]", "null", '{"cut":'])
      expect(() => decodeHookReply(frame(answer)), answer).toThrow(/not a goalpost|not JSON/);
    expect(() => decodeHookReply(Buffer.concat([frame("{}"), Buffer.from("more")]))).toThrow(/longer than it says/);
  });

  it("takes a status line's answer as one line of plain text, never one a terminal would act on", () => {
    const frame = (stdout: string) => Buffer.from(`ok ${Buffer.byteLength(stdout)} 0\n${stdout}`);
    const line = "goalpost ◎ ship the parser · draft · no checks set\n";
    expect(decodeHookReply(frame(line), "StatusLine")).toEqual({ stdout: line, stderr: "" });
    expect(() => decodeHookReply(frame(line))).toThrow(/not JSON/);
    for (const answer of ["\u001b[2Jwiped", "two\nlines\n", "bell\u0007", "\u009b31m"])
      expect(() => decodeHookReply(frame(answer), "StatusLine"), JSON.stringify(answer)).toThrow(/not one line of text/);
  });

  it("says why a server refused on one line, and rejects what is not a frame", () => {
    expect(decodeHookReply(encodeHookReply({ refused: "another bundle\nupgrade" }))).toEqual({
      refused: "another bundle upgrade",
    });
    expect(() => decodeHookReply(Buffer.from("HTTP/1.1 200 OK\r\n\r\n"))).toThrow(/not a goalpost hook reply/);
    expect(() => decodeHookRequestHeader(Buffer.from("GET\0/\0x\0cwd\0b\0\0"))).toThrow(/not a goalpost hook request/);
  });
});
