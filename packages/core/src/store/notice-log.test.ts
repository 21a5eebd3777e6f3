import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { hasUntoldBreaches, NOTICE_LOG_FILE, noticesOf, readNotices, recentNotices } from "./notice-log.js";
import { recordNotice, recordNotices, takeUntoldBreaches } from "./record-notice.js";
import { temporaryRoot } from "./test-root.js";

const coreDist = fileURLToPath(new URL("../../dist/internal.js", import.meta.url));

describe("the notice log: what the user must hear later, in one file", () => {
  it("keeps breaches, faults and two copies apart, tells each breach once, and records a waiting breach once", () => {
    const root = temporaryRoot();
    expect(readNotices(root)).toEqual([]);
    expect(hasUntoldBreaches(root)).toBe(false);
    // Nothing waiting (every prompt's case): read only, nothing locked or written.
    expect(takeUntoldBreaches(root)).toEqual([]);
    expect(existsSync(root)).toBe(false);

    expect(recordNotice(root, { kind: "breach", message: "settings.json was changed during the agent's turn." })).toBe(true);
    expect(recordNotice(root, { kind: "breach", message: "settings.json was changed during the agent's turn." })).toBe(false);
    recordNotice(root, { kind: "fault", event: "Stop", message: "goalpost: the session file was damaged." });
    expect(recordNotice(root, { kind: "two-copies", copies: ["/b/x.cjs", "/a/x.cjs"], message: "two copies" })).toBe(true);
    // One seen answers every event after: recorded once an hour.
    expect(recordNotice(root, { kind: "two-copies", copies: ["/a/x.cjs", "/b/x.cjs"], message: "two copies" })).toBe(false);

    expect(noticesOf(root, "fault")).toEqual([
      expect.objectContaining({ event: "Stop", message: "goalpost: the session file was damaged." }),
    ]);
    expect(noticesOf(root, "two-copies")[0]!.copies).toEqual(["/a/x.cjs", "/b/x.cjs"]);
    expect(hasUntoldBreaches(root)).toBe(true);
    expect(takeUntoldBreaches(root)).toEqual(["goalpost: settings.json was changed during the agent's turn."]);
    expect(takeUntoldBreaches(root)).toEqual([]);
    expect(hasUntoldBreaches(root)).toBe(false);
    // Told, it is kept for doctor and status; the same change again is a new breach.
    expect(noticesOf(root, "breach")).toEqual([expect.objectContaining({ told: true })]);
    expect(recordNotice(root, { kind: "breach", message: "settings.json was changed during the agent's turn." })).toBe(true);
  });

  it("records several in one write, each judged as if recorded alone", () => {
    const root = temporaryRoot();
    const breach = { kind: "breach", message: "the stop hook was removed." } as const;
    expect(recordNotices(root, [{ kind: "fault", event: "Stop", message: "one" }, breach, breach])).toEqual([true, true, false]);
    expect(readNotices(root).map((notice) => `${notice.kind}: ${notice.message}`)).toEqual(
      expect.arrayContaining(["fault: one", "breach: the stop hook was removed."]),
    );
    expect(readNotices(root)).toHaveLength(2);
  });

  it("keeps the newest twenty of each kind, redacts what it records, and reads a day back for status", () => {
    const root = temporaryRoot();
    for (let index = 0; index < 25; index++) recordNotice(root, { kind: "fault", event: "Stop", message: `fault ${index}` });
    recordNotice(root, { kind: "breach", message: "token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB was seen" });
    const faults = noticesOf(root, "fault");
    expect(faults.map((fault) => fault.message)).toEqual(Array.from({ length: 20 }, (_, index) => `fault ${index + 5}`));
    expect(noticesOf(root, "breach")[0]!.message).not.toContain("ghp_0123456789");

    const tomorrow = Date.now() + 25 * 60 * 60_000;
    expect(recentNotices(root, tomorrow)).toEqual({
      breach: [],
      fault: [],
      "two-copies": [],
      decision: [],
      drift: [],
      problem: [],
    });
    expect(recentNotices(root).fault).toHaveLength(20);
  });

  it("reads an older goalpost's per-kind files, and folds them in at its first write", () => {
    const root = temporaryRoot();
    mkdirSync(root, { recursive: true });
    const at = new Date(Date.now() - 60_000).toISOString();
    writeFileSync(join(root, "breaches.json"), JSON.stringify({ breaches: [{ at, message: "an old breach", told: false }] }));
    writeFileSync(join(root, "hook-faults.json"), JSON.stringify({ faults: [{ at, event: "Stop", message: "an old fault" }] }));
    writeFileSync(join(root, "two-copies.json"), JSON.stringify({ at, copies: ["/a", "/b"] }));
    expect(readNotices(root).map((notice) => [notice.kind, notice.message])).toEqual([
      ["breach", "an old breach"],
      ["fault", "an old fault"],
      ["two-copies", "two copies answered one state root"],
    ]);
    expect(takeUntoldBreaches(root)).toEqual(["goalpost: an old breach"]);
    for (const file of ["breaches.json", "hook-faults.json", "two-copies.json"]) expect(existsSync(join(root, file))).toBe(false);
    expect(JSON.parse(readFileSync(join(root, NOTICE_LOG_FILE), "utf8")).notices).toHaveLength(3);
    expect(readNotices(root).map((notice) => notice.kind)).toEqual(["breach", "fault", "two-copies"]);
  });

  it("a damaged log or entry reads as what it can, and the next write replaces it", () => {
    const root = temporaryRoot();
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, NOTICE_LOG_FILE), "{ not json");
    expect(readNotices(root)).toEqual([]);
    writeFileSync(
      join(root, NOTICE_LOG_FILE),
      JSON.stringify({ notices: [{ kind: "fault", at: "x" }, { kind: "other", at: new Date().toISOString(), message: "?" }, 7] }),
    );
    expect(readNotices(root)).toEqual([]);
    expect(recordNotice(root, { kind: "fault", event: "Stop", message: "after the damage" })).toBe(true);
    expect(noticesOf(root, "fault").map((fault) => fault.message)).toEqual(["after the damage"]);
  });

  it("hooks recording at once lose nothing", { timeout: 60_000 }, async () => {
    const root = temporaryRoot();
    const writer = (kind: string, count: number) =>
      new Promise<number | null>((resolve) => {
        const script = `const { recordNotice } = await import(${JSON.stringify(coreDist)});
for (let i = 0; i < ${count}; i++) recordNotice(${JSON.stringify(root)}, { kind: "${kind}", event: "Stop", message: "${kind} " + process.pid + " " + i });`;
        spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "inherit" }).on("close", resolve);
      });
    expect(await Promise.all([writer("fault", 8), writer("fault", 8), writer("breach", 10)])).toEqual([0, 0, 0]);
    expect(noticesOf(root, "fault")).toHaveLength(16);
    expect(noticesOf(root, "breach")).toHaveLength(10);
  });
});
