// Maps a tool call of any of the four hosts to what it proves. Names come from HOSTS.md: Claude Code
// (Read, Edit, Bash, ...), Codex (Bash with command, apply_patch), Copilot CLI (bash, view, edit, ...),
// VS Code (read_file, replace_string_in_file, run_in_terminal, runTests, ...).
import type { EvidenceKind, VerificationCategory } from "../record/goal-record.js";
import { sanitizeText } from "../text/sanitize-text.js";
import { classifyCommand, isMutatingCommand } from "./classify-command.js";
import { bareToolName, goalToolName, isGoalpostCommand } from "./goal-tool-names.js";

const SHELL_TOOLS = new Set([
  "bash",
  "shell",
  "shell_command",
  "local_shell",
  "exec_command",
  "run_in_terminal",
  "runinterminal",
  "powershell",
  "run_terminal_command",
  "runterminalcommand",
  "terminal",
  "execute_command",
  "container.exec",
]);
const INSPECTION_TOOLS = new Set([
  "read",
  "grep",
  "glob",
  "ls",
  "notebookread",
  "view",
  "rg",
  "read_file",
  "grep_search",
  "file_search",
  "list_dir",
  "semantic_search",
  "codebase_search",
  "search",
  "list_directory",
  "read_many_files",
  "get_errors",
  "get_changed_files",
  "test_failure",
  "find",
  "search_files",
  "read_notebook_cell_output",
  "view_image",
  "lsp",
  "show_file",
]);
const ACTION_TOOLS = new Set([
  "edit",
  "write",
  "multiedit",
  "notebookedit",
  "apply_patch",
  "create",
  "create_file",
  "replace_string_in_file",
  "multi_replace_string_in_file",
  "insert_edit_into_file",
  "edit_file",
  "edit_notebook_file",
  "str_replace",
  "str_replace_editor",
  "write_file",
  "create_directory",
  "delete_file",
  "rename_file",
  "editfiles",
]);
const TEST_TOOLS = new Set(["runtests", "run_tests", "test"]);
const TASK_TOOLS = new Set([
  "todowrite",
  "manage_todo_list",
  "update_plan",
  "update_todo",
  "todo_write",
  "taskcreate",
  "taskupdate",
]);

/** Tool-input keys that carry a file path, across hosts. */
export const PATH_KEYS = ["path", "file_path", "filePath", "file", "filename", "fileName", "notebook_path"] as const;

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

export interface ClassifyOptions {
  /** A predicate for goalpost's own state files: touching them is never evidence. */
  readonly isOwnPath?: (path: string) => boolean;
}

const OWN_PATH =
  /(?:^|[\\/])(?:\.goalpost|goalpost-state)(?:[\\/]|$)|(?:^|[\\/])\.(?:claude|codex|copilot)[\\/]goalpost(?:[\\/]|$)/;

/** Default test for goalpost's own files: the state roots adapters use inside host homes. */
export function isGoalpostStatePath(path: string): boolean {
  return OWN_PATH.test(path);
}

/** What a call names, without judging it: the bare tool name, its command (shell tools) and paths. */
export interface ToolCallDescription {
  readonly tool: string;
  readonly command?: string;
  readonly paths: readonly string[];
  readonly shell: boolean;
}

export function describeToolCall(toolName: string, input: unknown): ToolCallDescription {
  const tool = bareToolName(toolName);
  const shell = SHELL_TOOLS.has(tool.toLowerCase());
  const command = shell ? (stringField(input, ["command", "cmd", "commandLine", "script", "input"]) ?? "") : undefined;
  return { tool, paths: toolInputPaths(input), shell, ...(command === undefined ? {} : { command }) };
}

/** goalpost's own tools, its CLI, or only its own state files: bookkeeping, never drift or evidence. */
export function isGoalBookkeeping(toolName: string, call: ToolCallDescription, options: ClassifyOptions = {}): boolean {
  const isOwnPath = options.isOwnPath ?? isGoalpostStatePath;
  return (
    goalToolName(toolName) !== null ||
    (call.command !== undefined && isGoalpostCommand(call.command)) ||
    (call.paths.length > 0 && call.paths.every(isOwnPath))
  );
}

/** Whether the call changes files: an edit tool, or a shell command that writes. */
export function isEditCall(call: ToolCallDescription): boolean {
  return call.shell ? isMutatingCommand(call.command ?? "") : ACTION_TOOLS.has(call.tool.toLowerCase());
}

export function classifyToolCall(toolName: string, input: unknown, options: ClassifyOptions = {}): ToolCallClass {
  const call = describeToolCall(toolName, input);
  const key = call.tool.toLowerCase();
  const base = { tool: call.tool, paths: call.paths, edits: false, tasks: false };
  if (isGoalBookkeeping(toolName, call, options))
    return { ...base, kind: "goal", ...(call.command === undefined ? {} : { command: call.command }) };
  if (call.shell) {
    const command = call.command ?? "";
    const { kind, category } = classifyCommand(command);
    return { ...base, kind, ...(category ? { category } : {}), command, edits: isMutatingCommand(command) };
  }
  if (TEST_TOOLS.has(key)) return { ...base, kind: "verification", category: "test" };
  if (INSPECTION_TOOLS.has(key)) return { ...base, kind: "inspection" };
  if (ACTION_TOOLS.has(key)) return { ...base, kind: "action", edits: true };
  if (TASK_TOOLS.has(key)) return { ...base, kind: "other", tasks: true };
  return { ...base, kind: "other" };
}

/** One line describing a call for the tool history: the command or the paths, redacted and bounded. */
export function summarizeToolCall(classified: ToolCallClass): string {
  const detail = classified.command ?? classified.paths.join(", ");
  return sanitizeText(detail ? `${classified.tool}: ${detail}` : classified.tool, { maxLength: 200 });
}
