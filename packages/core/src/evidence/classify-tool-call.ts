// What a tool call proves, judged through the host's profile: its shell, read, edit, test and task
// tools are the host's own names (the adapter says which); core knows none of them.
import { isAbsolute, relative, resolve } from "node:path";
import { GENERIC_HOST_PROFILE, type HostProfile } from "../host/host-profile.js";
import type { EvidenceKind, VerificationCategory } from "../record/goal-record.js";
import { sanitizeText } from "../text/sanitize-text.js";
import { classifyCommand, isMutatingCommand } from "./classify-command.js";
import { goalToolInvocation, goalToolName } from "./goal-tool-names.js";

/** Tool-input keys that carry a file path, across hosts. */
const PATH_KEYS = ["path", "file_path", "filePath", "file", "filename", "fileName", "notebook_path"] as const;
/** Tool-input keys that carry a shell command, across hosts. */
const COMMAND_KEYS = ["command", "cmd", "commandLine", "script", "input"] as const;

export interface ToolCallClass {
  readonly kind: EvidenceKind;
  readonly category?: VerificationCategory;
  /** The tool name without host prefixes. */
  readonly tool: string;
  /** The command text for shell tools (raw: redact before storing). */
  readonly command?: string;
  /** File paths named in the input. */
  readonly paths: readonly string[];
  /** True when the call changes files (a receipt must come after the last such call). */
  readonly edits: boolean;
  /** True for a host todo/plan tool. */
  readonly tasks: boolean;
}

/** What a call names, without judging it: the bare tool name, its command (shell tools) and paths. */
export interface ToolCallDescription {
  readonly tool: string;
  readonly command?: string;
  readonly paths: readonly string[];
  readonly shell: boolean;
  /** True when the call changes files: an edit tool, or a shell command that writes. */
  readonly edits: boolean;
}

function stringField(input: unknown, keys: readonly string[]): string | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  for (const key of keys) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === "string" && value.trim() !== "") return value;
    if (Array.isArray(value) && value.every((part) => typeof part === "string")) return value.join(" ");
  }
  return undefined;
}

/** Paths in a tool input, including those named in an apply_patch body. */
export function toolInputPaths(input: unknown): string[] {
  const paths: string[] = [];
  if (typeof input === "object" && input !== null) {
    for (const key of PATH_KEYS) {
      const value = (input as Record<string, unknown>)[key];
      if (typeof value === "string" && value.trim() !== "") paths.push(value.trim());
    }
    const patch = stringField(input, ["input", "patch", "command"]);
    if (patch?.includes("*** Begin Patch")) {
      for (const match of patch.matchAll(/^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm)) {
        if (match[1]) paths.push(match[1].trim());
      }
    }
  }
  return [...new Set(paths)];
}

/** Whether `path` (relative paths resolved against `cwd`) lies inside `root`. */
export function isInside(root: string, path: string, cwd = "/"): boolean {
  const inner = relative(resolve(root), resolve(cwd, path));
  return inner === "" || (!inner.startsWith("..") && !isAbsolute(inner));
}

interface ToolClassifierOptions {
  /** goalpost's state root: a call that only touches files in it is bookkeeping, never evidence. */
  readonly stateRoot?: string;
}

export interface ToolClassifier {
  readonly profile: HostProfile;
  /** The bare tool name, its command and paths: cheap, for the decision before a tool runs. */
  describe(toolName: string, input: unknown): ToolCallDescription;
  /** What the call proves, for the record after it ran. */
  classify(toolName: string, input: unknown): ToolCallClass;
  /** Whether the tool is one the host's profile names, or goalpost's own: what it does with a path is known. */
  knows(toolName: string): boolean;
  /** goalpost's own tools, one direct run of its shell goal tools, or only reading its state: never drift, never evidence. */
  isBookkeeping(toolName: string, call: ToolCallDescription): boolean;
}

const lowered = (list: readonly string[]) => new Set(list.map((name) => name.toLowerCase()));

export function createToolClassifier(
  profile: HostProfile = GENERIC_HOST_PROFILE,
  options: ToolClassifierOptions = {},
): ToolClassifier {
  const shell = lowered(profile.tools.shell);
  const read = lowered(profile.tools.read);
  const edit = lowered(profile.tools.edit);
  const test = lowered(profile.tools.test);
  const task = lowered(profile.tools.task);
  const mcpName = profile.mcpToolName ? new RegExp(profile.mcpToolName) : null;

  const bare = (toolName: string) => {
    const trimmed = toolName.trim();
    return (mcpName?.exec(trimmed)?.[1] ?? trimmed).trim();
  };

  function describe(toolName: string, input: unknown): ToolCallDescription {
    const tool = bare(toolName);
    const isShell = shell.has(tool.toLowerCase());
    const command = isShell ? (stringField(input, COMMAND_KEYS) ?? "") : undefined;
    return {
      tool,
      paths: toolInputPaths(input),
      shell: isShell,
      edits: isShell ? isMutatingCommand(command ?? "") : edit.has(tool.toLowerCase()),
      ...(command === undefined ? {} : { command }),
    };
  }

  function knows(toolName: string): boolean {
    const key = bare(toolName).toLowerCase();
    return goalToolName(toolName) !== null || [shell, read, edit, test, task].some((names) => names.has(key));
  }

  function isBookkeeping(toolName: string, call: ToolCallDescription): boolean {
    const root = options.stateRoot;
    return (
      goalToolName(toolName) !== null ||
      (call.command !== undefined && goalToolInvocation(call.command) !== null) ||
      // Reading goalpost's own files is bookkeeping; changing them is tampering (see tamper-guard.ts).
      (root !== undefined && !call.edits && call.paths.length > 0 && call.paths.every((path) => isInside(root, path)))
    );
  }

  function classify(toolName: string, input: unknown): ToolCallClass {
    const call = describe(toolName, input);
    const key = call.tool.toLowerCase();
    const base = { tool: call.tool, paths: call.paths, edits: call.edits, tasks: false };
    if (isBookkeeping(toolName, call))
      return { ...base, edits: false, kind: "goal", ...(call.command === undefined ? {} : { command: call.command }) };
    if (call.shell) {
      const command = call.command ?? "";
      const { kind, category } = classifyCommand(command);
      return { ...base, kind, ...(category ? { category } : {}), command };
    }
    if (test.has(key)) return { ...base, kind: "verification", category: "test" };
    if (read.has(key)) return { ...base, kind: "inspection" };
    if (edit.has(key)) return { ...base, kind: "action" };
    if (task.has(key)) return { ...base, kind: "other", tasks: true };
    return { ...base, kind: "other" };
  }

  return { profile, describe, classify, knows, isBookkeeping };
}

/** One line describing a call for the tool history: the command or the paths, redacted and bounded. */
export function summarizeToolCall(classified: ToolCallClass): string {
  const detail = classified.command ?? classified.paths.join(", ");
  return sanitizeText(detail ? `${classified.tool}: ${detail}` : classified.tool, { maxLength: 200 });
}
