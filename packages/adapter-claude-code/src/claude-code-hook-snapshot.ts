// The hook as a V8 startup snapshot (`node --build-snapshot`). A hook process starts on every tool
// call; from a snapshot it starts with goalpost's code already compiled, its schemas already built
// and its hot paths already warmed, instead of loading and compiling ~95 KB first. `install` builds
// the snapshot for the user's own Node binary (a snapshot only loads in the binary that made it) and
// writes hook commands that fall back to the plain bundle if it ever stops loading.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { startupSnapshot } from "node:v8";
import { runClaudeCodeHook } from "./claude-code-hook.js";

/** Runs the common hook paths once against a throwaway store, so their code is compiled in the snapshot. */
function warmUp(): void {
  const root = mkdtempSync(join(tmpdir(), "goalpost-snapshot-warmup-"));
  const env = { GOALPOST_HOME: root, CLAUDE_PROJECT_DIR: "/goalpost-warmup" };
  const base = { session_id: "warmup", cwd: "/goalpost-warmup", transcript_path: "/dev/null" };
  const run = (event: string, fields: Record<string, unknown>) =>
    runClaudeCodeHook(event, JSON.stringify({ ...base, hook_event_name: event, ...fields }), env);
  try {
    for (let round = 0; round < 3; round++) {
      run("SessionStart", { source: "startup" });
      run("UserPromptSubmit", { prompt: "/goal warm up the hook paths" });
      run("PreToolUse", { tool_name: "Bash", tool_input: { command: "npm test" }, tool_use_id: "warmup" });
      run("PostToolUse", {
        tool_name: "Bash",
        tool_input: { command: "npm test" },
        tool_response: { stdout: "ok" },
        tool_use_id: "warmup",
      });
      run("Stop", { stop_hook_active: false });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * The bundle this snapshot was built from, as it was then. npm gives every published file the same
 * mtime, so the package version is part of the fingerprint; size and mtime catch local rebuilds.
 */
let builtFrom: { path: string; size: number; mtimeMs: number; version: string } | undefined;

function fingerprint(path: string) {
  const { size, mtimeMs } = statSync(path);
  const { version } = JSON.parse(readFileSync(join(dirname(path), "..", "package.json"), "utf8")) as { version: string };
  return { path, size, mtimeMs, version };
}

function stillCurrent(): boolean {
  if (!builtFrom) return true;
  try {
    const now = fingerprint(builtFrom.path);
    return now.size === builtFrom.size && now.mtimeMs === builtFrom.mtimeMs && now.version === builtFrom.version;
  } catch {
    return false;
  }
}

function main(): void {
  if (!stillCurrent()) {
    // Leave stdin unread and fail: the installed command falls back to the new bin.
    process.stderr.write(
      "goalpost: the hook snapshot is older than the installed goalpost; run `goalpost-claude-code install` to rebuild it.\n",
    );
    process.exitCode = 1;
    return;
  }
  const event = process.argv[process.argv.length - 1] ?? "";
  let input = "";
  try {
    input = readFileSync(0, "utf8");
  } catch {}
  const result = runClaudeCodeHook(event, input);
  if (result.stderr) process.stderr.write(result.stderr);
  if (result.stdout) process.stdout.write(result.stdout);
}

if (startupSnapshot?.isBuildingSnapshot()) {
  builtFrom = fingerprint(__filename);
  warmUp();
  startupSnapshot.setDeserializeMainFunction(main);
}
