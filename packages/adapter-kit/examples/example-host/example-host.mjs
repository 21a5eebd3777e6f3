// A whole goalpost adapter for an imaginary host, "Acme Agent", in plain JavaScript: what a
// third-party author writes for a new host. Acme runs hook commands listed in
// $ACME_HOME/settings.jsonc, sends { event, session, dir, tool, args, prompt } on stdin, and accepts
// { context } / { deny } / { block } back. Everything else is the kit's.
import { homedir } from "node:os";
import { join } from "node:path";
import { defineHostProfile, resolveStoreRoot } from "@goalpost/core";
import * as z from "zod/mini";
import { defineHostAdapter, defineHostEvent, hookGroupsTarget, ownEntries } from "../../dist/index.js";

const BIN = "goalpost-acme";
const EVENTS = ["session_start", "user_prompt", "before_tool", "after_tool", "stop"];
const own = ownEntries(BIN);
const acmeHome = (env) => env.ACME_HOME || join(env.HOME || homedir(), ".acme");

// What Acme sends: tolerant, only what goalpost reads.
const payload = (extra = {}) =>
  z.looseObject({ event: z.string(), session: z.string().check(z.minLength(1)), dir: z.optional(z.string()), ...extra });
// What Acme accepts back: strict, one field.
const answer = (field) => z.strictObject({ [field]: z.string() });

const base = (p, key) => ({ sessionId: key.sessionId, cwd: key.cwd, host: "acme" });
const context = (decision) => (decision.context ? { context: decision.context } : null);

const events = {
  session_start: defineHostEvent({
    payload: payload(),
    output: answer("context"),
    toEvent: (p, key) => ({ ...base(p, key), type: "session-started", source: "startup" }),
    toOutput: context,
  }),
  user_prompt: defineHostEvent({
    payload: payload({ prompt: z.string() }),
    output: answer("context"),
    toEvent: (p, key) => ({ ...base(p, key), type: "prompt-submitted", prompt: p.prompt }),
    toOutput: context,
  }),
  before_tool: defineHostEvent({
    payload: payload({ tool: z.string(), args: z.optional(z.unknown()) }),
    output: z.union([answer("deny"), answer("context")]),
    toEvent: (p, key) => ({ ...base(p, key), type: "tool-about-to-run", toolName: p.tool, toolInput: p.args }),
    toOutput: (decision) => (decision.action === "deny-tool" ? { deny: decision.reason ?? "denied" } : context(decision)),
  }),
  after_tool: defineHostEvent({
    payload: payload({ tool: z.string(), args: z.optional(z.unknown()), ok: z.boolean() }),
    output: answer("context"),
    toEvent: (p, key) => ({ ...base(p, key), type: "tool-ran", toolName: p.tool, toolInput: p.args, succeeded: p.ok }),
    toOutput: () => null,
  }),
  stop: defineHostEvent({
    payload: payload(),
    output: answer("block"),
    toEvent: (p, key) => ({ ...base(p, key), type: "stop-requested" }),
    toOutput: (decision) => (decision.action === "block-stop" ? { block: decision.reason ?? "" } : null),
  }),
};

export const acmeAdapter = defineHostAdapter({
  id: "acme",
  displayName: "Acme Agent",
  bin: BIN,
  profile: defineHostProfile({
    host: "acme",
    tools: { shell: ["sh"], read: ["cat"], edit: ["write"], task: [] },
    toolHint: `Call the goalpost tools, or run ${BIN} status|open|update|close from the shell.`,
  }),
  events,
  stateRoot: (env) => resolveStoreRoot(join(acmeHome(env), "goalpost"), env),
  home: acmeHome,
  sessionOf: (p) => ({ sessionId: p.session, cwd: p.dir }),
  sessionVariable: "ACME_SESSION",
  install: {
    scopes: ["user"],
    defaultScope: "user",
    hookEvents: EVENTS,
    fastEvents: ["before_tool", "after_tool", "stop"],
    hookTimeout: 10,
    nextStep: "In Acme, type /goal <what done means>.",
    targets: (context) => [
      hookGroupsTarget({
        path: join(acmeHome(context.env), "settings.jsonc"),
        format: "jsonc",
        own,
        events: EVENTS,
        command: context.hookCommand,
        timeout: 10,
      }),
    ],
  },
  warmUp: [{ event: "stop", payload: { event: "stop", session: "warm-up", dir: "/" } }],
  probe: { event: "session_start", payload: { event: "session_start", session: "goalpost-probe" } },
});
