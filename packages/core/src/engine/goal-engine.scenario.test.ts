// A whole session through the engine, step by step: capture → drift warn → deny → update resets →
// compaction snapshot → restore → stop blocked → stall cap → close refused → close with evidence →
// stop allowed. Each row is an event and what the decision must be.
import { describe, expect, it } from "vitest";
import { CompletionRefusedError } from "../base/errors.js";
import { readSnapshot } from "../store/snapshots.js";
import type { EngineDecision } from "./engine-event.js";
import { SESSION, testEngine } from "./test-engine.js";

type Step = readonly [string, Record<string, unknown> & { type: string }, (decision: EngineDecision) => void];

const bash = (command: string) => ({ toolName: "Bash", toolInput: { command } });
const silent = (d: EngineDecision) => expect(d).toEqual({ action: "none" });
const warned = (d: EngineDecision) => {
  expect(d.action).toBe("none");
  expect(d.context).toMatch(/drift warning: \d tool calls have run since the goal was last updated/);
};

/** Warned again at the same revision: the full warning is in the model's context, so one line. */
const reminded = (d: EngineDecision) => {
  expect(d.action).toBe("none");
  expect(d.context).toBe("goalpost drift warning: 4 calls since the last goalpost_update; at 5 the next is denied.");
};

describe("a whole session through the engine", () => {
  it("captures, warns, denies, resets, snapshots, restores, blocks, stalls, refuses, closes, and lets go", () => {
    const { send, tools, store } = testEngine();
    const caller = { ...SESSION };
    const steps: Step[] = [
      ["session starts without a goal", { type: "session-started", source: "startup" }, silent],
      [
        "/goal captures a draft",
        { type: "prompt-submitted", prompt: "/goal make the importer stream large files" },
        (d) => {
          expect(d.context).toMatch(/^<session_goal id="goal_[a-z0-9_]+" status="draft" form="full">/);
          expect(d.context).toContain("Objective: make the importer stream large files");
          expect(d.userNote).toMatch(/goal captured as a draft/);
        },
      ],
      ["tool 1", { type: "tool-about-to-run", ...bash("cat src/importer.ts") }, silent],
      ["tool 2", { type: "tool-about-to-run", ...bash("rg stream src") }, silent],
      ["tool 3", { type: "tool-about-to-run", ...bash("ls src") }, silent],
      ["tool 4 is warned", { type: "tool-about-to-run", ...bash("cat package.json") }, warned],
      ["tool 5 is warned in one line", { type: "tool-about-to-run", ...bash("git log -3") }, reminded],
      [
        "tool 6 is denied",
        { type: "tool-about-to-run", ...bash("cat README.md") },
        (d) => {
          expect(d.action).toBe("deny-tool");
          expect(d.reason).toMatch(/drift guard: 5 tool calls .* call goalpost_update/);
        },
      ],
      [
        "goal tools are never denied, and need no permission prompt",
        { type: "tool-about-to-run", toolName: "mcp__goalpost__goalpost_update", toolInput: {} },
        (d) => expect(d).toEqual({ action: "allow-tool" }),
      ],
    ];
    for (const [name, event, check] of steps) {
      const result = send(event);
      try {
        check(result);
      } catch (error) {
        throw new Error(`step "${name}": ${(error as Error).message}`);
      }
    }
    // Each warning and the denial are in the goal's history, for the report.
    expect(
      store
        .read(SESSION.sessionId)!
        .goals.at(-1)!
        .history.filter((event) => event.type.startsWith("drift"))
        .map((event) => `${event.type}: ${event.note}`),
    ).toEqual(["drift-warned: 3 calls since update", "drift-warned: 4 calls since update", "drift-denied: 5 calls since update"]);

    // The model opens the draft with an inspected objective: drift resets.
    tools.open(caller, {
      objective: "Stream files of any size through the importer",
      requirements: ["Constant memory for files over 1 GB"],
      remaining: ["rewrite the reader", "add a 2 GB test"],
    });
    expect(send({ type: "tool-about-to-run", ...bash("cat src/reader.ts") })).toEqual({ action: "none" });

    // Work with receipts: an inspection, an edit, a passing test.
    send({ type: "tool-ran", ...bash("cat src/reader.ts"), succeeded: true });
    send({ type: "tool-about-to-run", toolName: "Edit", toolInput: { file_path: "/work/project/src/reader.ts" } });
    send({ type: "tool-ran", toolName: "Edit", toolInput: { file_path: "/work/project/src/reader.ts" }, succeeded: true });

    // Compaction: snapshot before, full restore after.
    expect(send({ type: "compaction-about-to-run", trigger: "auto" }).userNote).toMatch(/saved for after compaction/);
    const snapshot = readSnapshot(store, SESSION.sessionId);
    expect(snapshot?.text).toContain("Stream files of any size through the importer");
    const restored = send({ type: "session-started", source: "compact" });
    expect(restored.context).toBe(snapshot?.text);
    expect(restored.context).toContain('form="full"');
    expect(store.read(SESSION.sessionId)!.compactions.at(-1)?.restoredAt).not.toBeNull();
    expect(store.read(SESSION.sessionId)!.goals.at(-1)!.history.at(-1)?.note).toMatch(
      /^after compact from the auto snapshot of \S+ \(revision \d+\)$/,
    );

    // Each prompt re-injects the compact form.
    const prompt = send({ type: "prompt-submitted", prompt: "keep going" });
    expect(prompt.context).toContain('form="compact"');
    expect(prompt.context).toContain("Remaining:\n  1. rewrite the reader");
    expect(prompt.context).toContain("Recent files: /work/project/src/reader.ts");

    // Stop is blocked while the goal is open; after 3 refusals without progress the goal needs the user's input and the stop goes through.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const stop = send({ type: "stop-requested", stopHookActive: attempt > 1 });
      expect(stop.action).toBe("block-stop");
      expect(stop.reason).toContain("Next: rewrite the reader.");
    }
    const stall = send({ type: "stop-requested", stopHookActive: true });
    expect(stall.action).toBe("none");
    expect(stall.userNote).toMatch(
      /needs your input: the agent tried to stop 3 times without changing the work tree.*Open: rewrite the reader/,
    );
    expect(store.read(SESSION.sessionId)!.counters.stalls).toBe(1);
    expect(store.read(SESSION.sessionId)!.goals.at(-1)!.status).toBe("needs-input");
    // Let go: the next stop goes through too, and a drifting tool is not denied.
    expect(send({ type: "stop-requested" })).toEqual({ action: "none" });
    // Each refused stop and the stall are in the goal's history, for the report.
    const stopEvents = store
      .read(SESSION.sessionId)!
      .goals.at(-1)!
      .history.filter((event) => event.type === "stop-blocked" || event.type === "stalled")
      .map((event) => `${event.type}: ${event.note}`);
    expect(stopEvents).toEqual([
      "stop-blocked: refused stop 1 without progress",
      "stop-blocked: refused stop 2 without progress",
      "stop-blocked: refused stop 3 without progress",
      "stalled: 3 refused stops without progress",
    ]);

    // Closing without evidence is refused, with every unmet condition.
    let refusal: CompletionRefusedError | undefined;
    try {
      tools.close(caller, { status: "complete" });
    } catch (error) {
      refusal = error as CompletionRefusedError;
    }
    expect(refusal).toBeInstanceOf(CompletionRefusedError);
    expect(refusal!.unmet.map((condition) => condition.code)).toEqual(
      expect.arrayContaining(["done_so_far_empty", "requirement_uncovered", "remaining_not_empty", "checks_missing"]),
    );
    expect(store.read(SESSION.sessionId)!.goals.at(-1)!.history.at(-1)).toMatchObject({
      type: "refused",
      note: expect.stringMatching(/^nothing recorded as done, .*a requirement without evidence.*no check set/),
    });
    // The user is told as the host reports the tool's run (a hook's note), in words.
    expect(
      send({ type: "tool-ran", toolName: "mcp__goalpost__goalpost_close", toolInput: { status: "complete" }, succeeded: true }),
    ).toMatchObject({
      userNote: expect.stringMatching(
        /^goalpost: the agent asked to close goal "[^"]+" as complete and was refused \(nothing recorded as done, /,
      ),
    });
    // From the shell as well; the other goal tools say nothing.
    expect(send({ type: "tool-ran", ...bash("goalpost-test close --status complete"), succeeded: false }).userNote).toMatch(
      /was refused/,
    );
    expect(send({ type: "tool-ran", toolName: "mcp__goalpost__goalpost_status", toolInput: {}, succeeded: true })).toEqual({
      action: "none",
    });

    // A test run the host reports as passed is a receipt (progress, not proof); then the evidence; then the close.
    send({ type: "tool-about-to-run", ...bash("npm test") });
    send({ type: "tool-ran", ...bash("npm test"), succeeded: true, exitCode: 0, output: "48 passed" });
    tools.update(caller, {
      doneSoFar: ["Rewrote src/reader.ts as a stream pipeline"],
      remaining: [],
      inspectionEvidence: ["Read src/reader.ts and src/importer.ts"],
      validationProof: ["Imported a 2 GB fixture at 80 MB peak memory"],
      verificationResults: ["npm test: 48 passed, 0 failed"],
      requirementCoverage: [{ requirement: "1", evidence: "reader.test.ts 'streams 2 GB' passes" }],
      completionAudit: ["Requirement 1 checked against the passing 2 GB test"],
    });
    // This project defines no check goalpost could run: the close waits for the user, and so may the stop.
    expect(tools.close(caller, { status: "complete" }).text).toMatch(/waits for the user.*goal: accept/s);
    const waiting = send({ type: "stop-requested" });
    expect(waiting.action).toBe("none");
    expect(waiting.userNote).toMatch(/waits for you.*goal: accept/);
    expect(send({ type: "prompt-submitted", prompt: "goal: accept" }).userNote).toMatch(/closed as complete, on your word/);
    expect(store.read(SESSION.sessionId)!.goals.at(-1)).toMatchObject({
      status: "complete",
      closeReason: "accepted by the user",
    });

    // With the goal closed, stop is allowed.
    expect(send({ type: "stop-requested" })).toEqual({ action: "none" });
  });
});
