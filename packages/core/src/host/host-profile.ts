// What core knows about a host, and all it knows: the names of its tools, how it names MCP tools,
// whether it marks a subagent's tool calls, whether it has a /goal of its own. Each adapter passes
// its profile to the engine; a new host needs a profile, never a core release.
import * as z from "zod/mini";
import { described } from "../base/described.js";

const describe = z.describe;
/** Shared inside every described list: schemas are immutable, and each instance costs a hook's start. */
const stringList = z.array(z.string());
const names = (what: string) => described(z._default(stringList, []), what);

/** A call of one of the host's own tools, optionally only with one value in one input field. */
const hostToolCallSchema = z.object({
  tool: described(z.string(), "The tool's name as the host's tool hooks report it."),
  field: described(z.optional(z.string()), "The input field that says what the call does; left out, every call counts."),
  value: described(z.optional(z.string()), "The value of that field that counts."),
});

export const hostProfileSchema = z.object({
  host: z.string().check(z.minLength(1), describe("The host's id, e.g. claude-code; recorded on every goal.")),
  tools: z.object({
    shell: names("Tools whose input runs a shell command (the command is judged as a receipt, an edit or drift)."),
    read: names("Tools that only read: inspection evidence."),
    edit: names("Tools that change files: a receipt must come after the last of these."),
    test: names("Tools that run the project's tests themselves (not through a shell)."),
    task: names("The host's todo/plan tools: their list drives task goals."),
  }),
  mcpToolName: z
    .optional(z.string())
    .check(
      describe(
        "A regular expression with one capture group: the bare tool name inside an MCP tool name as the host reports it (e.g. ^mcp__[^_]+__(.+)$).",
      ),
    ),
  toolHint: described(z.optional(z.string()), "How the model reaches the goal tools on this host; appended to every goal block."),
  marksSubagents: z
    ._default(z.boolean(), true)
    .check(
      describe(
        "false when a subagent's tool calls carry no marker (VS Code): calls between SubagentStart and SubagentStop count as a subagent's.",
      ),
    ),
  nativeGoal: described(
    z._default(z.boolean(), false),
    "The host has a /goal of its own: a /goal prompt is mirrored (source native), not competed with.",
  ),
  hostGoalChanges: described(
    z._default(z.enum(["between-turns", "any-time"]), "any-time"),
    "When the host's own goal can change where no hook sees it, so when goalpost looks (engine/event-pipeline.ts): between-turns — only the user changes it, with a command typed between turns (Claude Code's /goal clear): looked for at a prompt, a stop and a session's start; any-time — the model's tools or the host's own limits change it mid-turn (Codex): at every main-session event. Never at a subagent's.",
  ),
  keepsPromptContext: z
    ._default(z.boolean(), false)
    .check(
      describe(
        "true when what a prompt hook adds stays in the conversation until a compaction goalpost sees (Claude Code, Codex: SessionStart after it): an unchanged goal is then named in one line at later prompts. false keeps the compact block on every prompt.",
      ),
    ),
  fullOnResume: z
    ._default(z.boolean(), false)
    .check(
      describe(
        "true when the host does not replay earlier hook context on resume (Copilot CLI): the goal comes back in full then, not in its compact form.",
      ),
    ),
  sessionArguments: z
    ._default(z.boolean(), false)
    .check(
      describe(
        "true when the host's MCP calls say nothing of their chat (VS Code): the goal tools take sessionId and cwd as arguments, and every session start, prompt and goal block tells the model both — with or without a goal open, so the model can open one before the user types /goal.",
      ),
    ),
  stopHookSeconds: z
    .optional(z.int().check(z.positive()))
    .check(
      describe(
        "Seconds the host waits for the main agent's stop hook, as goalpost's install sets it: a stop while goalpost's run of the checks is under way waits for the verdict nearly this long (engine/stop-wait.ts) before it keeps the agent with 'verifying'. Absent (a harness): verifyWaitSeconds alone.",
      ),
    ),
  nativeGoalCompletion: z
    .optional(hostToolCallSchema)
    .check(
      describe(
        "The host's own tool call that marks its goal complete (Codex: update_goal with status complete; Copilot CLI: task_complete): denied while goalpost's goal is open, so the goal closes only through goalpost's evidence. A stop attempt: it shares the stop cap.",
      ),
    ),
  nativeGoalPause: z
    .optional(hostToolCallSchema)
    .check(
      describe(
        "The host's own tool call that pauses its goal (Codex: update_goal with status paused): always denied while goalpost's goal is open, since only the user pauses a goal, and a pause in the host's record is then known to be the user's.",
      ),
    ),
});
export type HostProfile = z.infer<typeof hostProfileSchema>;
export type HostProfileInput = z.input<typeof hostProfileSchema>;

/**
 * The profile for a harness that gives none: the generic tool names most agent loops use. An
 * adapter lists its host's own names instead; unknown tools are "other", never evidence.
 */
export const GENERIC_HOST_PROFILE: HostProfile = hostProfileSchema.parse({
  host: "generic",
  tools: {
    shell: ["bash", "shell", "exec", "run_command", "terminal"],
    read: ["read", "read_file", "view", "grep", "glob", "ls", "list_dir", "search", "find"],
    edit: ["write", "edit", "write_file", "edit_file", "create_file", "apply_patch", "delete_file"],
    test: ["run_tests"],
    task: ["todo_write", "update_plan"],
  },
});

/** A profile from an adapter or harness, validated, with defaults filled in. */
export function defineHostProfile(input: HostProfileInput): HostProfile {
  return hostProfileSchema.parse(input);
}
