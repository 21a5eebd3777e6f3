// Each hook runs once: the ledger's key names one host event exactly, and its claims do not pile up —
// cleared with their session when it ends, and past their ten minutes in every session's folder.
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTestdirs, testdir } from "../testing/index.js";
import { CLAIMS_FOLDER, pruneHookClaims, removeSessionClaims } from "./hook-claims.js";
import { claimHook, eventKey } from "./hook-ledger.js";

afterEach(removeTestdirs);

describe("the hook ledger", () => {
  it("keys two different stops of one length apart, however alike their heads and tails", () => {
    const stop = (middle: string) =>
      JSON.stringify({ hook_event_name: "Stop", last_assistant_message: `${"a".repeat(20_000)}${middle}${"z".repeat(20_000)}` });
    expect(stop("one").length).toBe(stop("two").length);
    expect(eventKey("Stop", stop("one"))).not.toBe(eventKey("Stop", stop("two")));
    expect(eventKey("Stop", stop("one"))).toBe(eventKey("Stop", stop("one")));
  });

  it("answers a second copy's run of the same event with the first's answer, and another event anew", () => {
    const root = testdir({});
    const run = (copy: string, payload: string) =>
      claimHook({ root, sessionId: "s", event: "Stop", payload, request: `${copy}-1`, copy }, () => {});
    const first = run("copy-a", '{"n":1}');
    expect(first.repeat).toBeUndefined();
    first.settle({ stdout: '{"decision":"block"}', stderr: "" });
    expect(run("copy-b", '{"n":1}').repeat).toEqual({ stdout: '{"decision":"block"}', stderr: "" });
    expect(run("copy-b", '{"n":2}').repeat).toBeUndefined();
  });

  it("never replays another copy's answer to an event past the moment both copies run: an upgrade's new folder decides afresh", () => {
    const root = testdir({});
    const run = (copy: string, payload: string) =>
      claimHook({ root, sessionId: "s", event: "Stop", payload, request: `${copy}-${Math.random()}`, copy }, () => {});
    const claimFile = (payload: string) => join(root, CLAIMS_FOLDER, "s", eventKey("Stop", payload));
    const age = (payload: string, claim: (old: Record<string, unknown>) => Record<string, unknown>) =>
      writeFileSync(claimFile(payload), JSON.stringify(claim(JSON.parse(readFileSync(claimFile(payload), "utf8")))));
    // The old install answered a stop ("done") while the goal was open.
    run("/old/dist/index.js", '{"last":"done"}').settle({ stdout: '{"decision":"block"}', stderr: "" });
    // Ten minutes later the same words reach the new install: decided afresh, and claimed by it.
    age('{"last":"done"}', (claim) => ({ ...claim, at: Date.now() - 10 * 60_000 }));
    const fresh = run("/new/dist/index.js", '{"last":"done"}');
    expect(fresh.repeat).toBeUndefined();
    fresh.settle({ stdout: "", stderr: "" });
    expect(JSON.parse(readFileSync(claimFile('{"last":"done"}'), "utf8"))).toMatchObject({ copy: "/new/dist/index.js" });
    // A claim of an older release (no time in it) is never another copy's answer to this event either.
    run("/old/dist/index.js", '{"last":"again"}').settle({ stdout: '{"decision":"block"}', stderr: "" });
    age('{"last":"again"}', ({ at: _at, ...claim }) => claim);
    expect(run("/new/dist/index.js", '{"last":"again"}').repeat).toBeUndefined();
  });

  it("clears a session's claims when it ends, and every session's past their time", () => {
    const root = testdir({});
    for (const session of ["ended", "old", "live"]) {
      const folder = join(root, CLAIMS_FOLDER, session);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "claim"), "{}");
    }
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(join(root, CLAIMS_FOLDER, "old", "claim"), hourAgo, hourAgo);
    removeSessionClaims(root, "ended");
    expect(pruneHookClaims(root)).toBe(1);
    expect(readdirSync(join(root, CLAIMS_FOLDER))).toEqual(["live"]);
    expect(existsSync(join(root, CLAIMS_FOLDER, "live", "claim"))).toBe(true);
  });
});
