// Codex ignores a hook's whole answer when one field does not fit the JSON Schema it validates that
// event's output against. Those schemas are embedded in the Codex binary: this test reads them out
// of the pinned binary and checks every kind of answer goalpost's installed hooks give.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { installedHookCommands, removeTestdirs, runInstalledHook } from "@goalpost/adapter-kit/testing";
import { Ajv } from "ajv";
import { afterEach, describe, expect, it } from "vitest";
import { CODEX_ADAPTER_BIN, CODEX_BIN, createCodexHome, goalpostCodex } from "./codex-home.js";
import { verifies } from "./requirements.js";

afterEach(removeTestdirs);

/** The static binary the launcher runs (the platform package next to @openai/codex). */
function codexBinary(): string {
  const launcher = createRequire(join(dirname(CODEX_BIN), "..", "package.json"));
  const platform = dirname(launcher.resolve("@openai/codex-linux-x64/package.json"));
  return join(platform, "vendor", "x86_64-unknown-linux-musl", "bin", "codex");
}

/** The JSON object around `"title": "<title>"` in the binary: back to its opening brace, forward to its match. */
function embeddedSchema(binary: Buffer, title: string): Record<string, unknown> {
  const at = binary.indexOf(`"title": "${title}"`);
  if (at < 0) throw new Error(`no schema titled ${title} in the Codex binary`);
  const start = binary.lastIndexOf('{\n  "$schema"', at);
  let depth = 0;
  let inString = false;
  for (let index = start; index < binary.length; index += 1) {
    const byte = binary[index]!;
    if (inString) {
      if (byte === 0x5c) index += 1;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b) depth += 1;
    else if (byte === 0x7d && --depth === 0) return JSON.parse(binary.subarray(start, index + 1).toString("utf8"));
  }
  throw new Error(`the schema titled ${title} does not end`);
}

const SCHEMA_NAMES: Record<string, string> = {
  SessionStart: "session-start",
  UserPromptSubmit: "user-prompt-submit",
  PreToolUse: "pre-tool-use",
  PostToolUse: "post-tool-use",
  PreCompact: "pre-compact",
  PostCompact: "post-compact",
  Stop: "stop",
  SubagentStart: "subagent-start",
  SubagentStop: "subagent-stop",
};

const fixtures = join(dirname(CODEX_ADAPTER_BIN), "..", "src", "__fixtures__");
const payload = (name: string) =>
  JSON.parse(readFileSync(join(fixtures, `codex-${name}.json`), "utf8")) as Record<string, unknown>;

describe("goalpost's answers, against the schemas inside the Codex binary", { timeout: 120_000 }, () => {
  it("validate for every event and every kind of answer: context, denial, stop block, note", async () => {
    verifies("CODEX-OUTPUT-SCHEMAS");
    const binary = readFileSync(codexBinary());
    const ajv = new Ajv({ strict: false });
    const validators = Object.fromEntries(
      Object.entries(SCHEMA_NAMES).map(([event, name]) => [event, ajv.compile(embeddedSchema(binary, `${name}.command.output`))]),
    );

    const home = createCodexHome({ mockUrl: "http://127.0.0.1:9/v1" });
    expect((await goalpostCodex(home, ["install"])).exitCode).toBe(0);
    const hooks = installedHookCommands(JSON.parse(readFileSync(join(home.home, "hooks.json"), "utf8")).hooks, "goalpost-codex");
    const session = { session_id: "schema-check", cwd: home.project, transcript_path: null };
    const answers: { event: string; output: Record<string, unknown> }[] = [];
    const send = (name: string, fields: Record<string, unknown> = {}) => {
      const recorded = payload(name);
      const event = String(recorded["hook_event_name"]);
      const run = runInstalledHook(hooks[event]!, { ...recorded, ...session, ...fields }, { env: home.env(), cwd: home.project });
      expect(run.status, run.stderr).toBe(0);
      if (run.output) answers.push({ event, output: run.output });
      return run.output;
    };

    send("UserPromptSubmit-plain", { prompt: "/goal make the importer stream large files" });
    send("SessionStart-resume");
    for (let call = 1; call <= 6; call += 1) {
      send("PreToolUse-Bash", { tool_use_id: `call_${call}`, tool_input: { command: `echo ${call}` } });
      send("PostToolUse-Bash-exit-1", { tool_use_id: `call_${call}`, tool_input: { command: `echo ${call}` } });
    }
    send("Stop-turn-end");
    send("PreCompact-auto");
    send("PostCompact-auto");
    send("SessionStart-compact");
    send("SubagentStart-default");
    send("SubagentStop-default");
    expect(send("SessionEnd-exec")).toBeNull();

    const kinds = new Set(
      answers.map(({ output }) =>
        output["decision"] === "block"
          ? "block"
          : (output["hookSpecificOutput"] as { permissionDecision?: string } | undefined)?.permissionDecision === "deny"
            ? "deny"
            : output["hookSpecificOutput"]
              ? "context"
              : "note",
      ),
    );
    expect([...kinds].sort()).toEqual(["block", "context", "deny", "note"]);
    expect(new Set(answers.map((answer) => answer.event))).toEqual(
      new Set(["UserPromptSubmit", "SessionStart", "PreToolUse", "Stop", "PreCompact", "SubagentStart"]),
    );
    for (const { event, output } of answers) {
      const validate = validators[event]!;
      expect(validate(output), `${event}: ${JSON.stringify(output)} ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    // The validators are real: a field Codex does not know fails them.
    expect(validators["Stop"]!({ decision: "block", reason: "x", hookSpecificOutput: { hookEventName: "Stop" } })).toBe(false);
  });
});
