// A whole goalpost adapter for an imaginary host, "Acme Agent": what a third-party author writes for
// a new host. Acme runs the hook commands listed in $ACME_HOME/settings.jsonc, sends
// { event, session, dir, tool, args, prompt } on stdin, and accepts { context } / { deny } / { block }
// back. Everything else is the kit's.
import { join } from "node:path";
import {
  defineHostAdapter,
  defineHostEvent,
  hookGroupsTarget,
  ownEntries,
  sameFileTargets,
  statusLineSession,
  statusLineTarget,
} from "@goalpost/adapter-kit";
import { defineHostProfile } from "@goalpost/core";
import * as z from "zod/mini";
import { acmeHome, goalpostStateRoot } from "./acme-paths.js";

const BIN = "goalpost-acme";
const EVENTS = ["session_start", "user_prompt", "before_tool", "after_tool", "stop"];

// What Acme sends: tolerant, only what goalpost reads.
const payload = <Shape extends z.core.$ZodLooseShape>(extra: Shape) =>
  z.looseObject({ event: z.string(), session: z.string().check(z.minLength(1)), dir: z.optional(z.string()), ...extra });
// What Acme accepts back: strict, one field.
const answer = <Field extends string>(field: Field) => z.strictObject({ [field]: z.string() } as Record<Field, z.ZodMiniString>);
const context = (decision: { context?: string | undefined }) => (decision.context ? { context: decision.context } : null);

const events = {
  session_start: defineHostEvent({
    payload: payload({}),
    output: answer("context"),
    toEvent: (_p, key) => ({ ...key, host: "acme", type: "session-started", source: "startup" }),
    toOutput: context,
  }),
  user_prompt: defineHostEvent({
    payload: payload({ prompt: z.string() }),
    output: answer("context"),
    toEvent: (p, key) => ({ ...key, host: "acme", type: "prompt-submitted", prompt: p.prompt }),
    toOutput: context,
  }),
  before_tool: defineHostEvent({
    payload: payload({ tool: z.string(), args: z.optional(z.unknown()) }),
    output: z.union([answer("deny"), answer("context")]),
    toEvent: (p, key) => ({ ...key, host: "acme", type: "tool-about-to-run", toolName: p.tool, toolInput: p.args }),
    toOutput: (decision) => (decision.action === "deny-tool" ? { deny: decision.reason ?? "denied" } : context(decision)),
  }),
  after_tool: defineHostEvent({
    payload: payload({ tool: z.string(), args: z.optional(z.unknown()), ok: z.boolean() }),
    output: answer("context"),
    toEvent: (p, key) => ({ ...key, host: "acme", type: "tool-ran", toolName: p.tool, toolInput: p.args, succeeded: p.ok }),
    toOutput: () => null,
  }),
  stop: defineHostEvent({
    payload: payload({}),
    output: answer("block"),
    toEvent: (_p, key) => ({ ...key, host: "acme", type: "stop-requested" }),
    toOutput: (decision) => (decision.action === "block-stop" ? { block: decision.reason ?? "" } : null),
  }),
};

export const acmeAdapter = defineHostAdapter({
  specificationVersion: 2,
  id: "acme",
  displayName: "Acme Agent",
  bin: BIN,
  profile: defineHostProfile({
    host: "acme",
    tools: { shell: ["sh"], read: ["cat"], edit: ["write"], task: [] },
    toolHint: `Call the goalpost tools, or run ${BIN} status|open|update|close from the shell.`,
  }),
  events,
  stateRoot: goalpostStateRoot,
  home: acmeHome,
  sessionOf: (payload) => {
    const { session, dir } = payload as { session: string; dir?: string };
    return { sessionId: session, cwd: dir };
  },
  sessionVariable: "ACME_SESSION",
  install: {
    scopes: ["user"],
    defaultScope: "user",
    hookEvents: EVENTS,
    fastEvents: ["before_tool", "after_tool"],
    hookTimeout: 10,
    nextStep: "In Acme, type goal: <what done means>.",
    targets: (context) => {
      const path = join(acmeHome(context.env), "settings.jsonc");
      return [
        sameFileTargets(
          hookGroupsTarget({
            path,
            format: "jsonc",
            own: ownEntries(BIN),
            events: EVENTS,
            command: context.hookCommand,
            timeout: 10,
          }),
          // Acme runs `statusLine.command` with `{ "session": … }` on stdin and shows what it prints.
          statusLineTarget({ path, format: "jsonc", key: "statusLine", bin: BIN, context }),
        ),
      ];
    },
  },
  statusLine: statusLineSession("session"),
  warmUp: [{ event: "stop", payload: { event: "stop", session: "warm-up", dir: "/" } }],
  probe: { event: "session_start", payload: { event: "session_start", session: "goalpost-probe" } },
});
