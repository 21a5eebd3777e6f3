// A project's committed configuration (Claude Code's project scope, VS Code's workspace scope) runs on
// every teammate's machine: the hooks name the adapter's bin from PATH, work where it is installed,
// say clearly where it is not (and let the host go on), and uninstall leaves nothing in the project.
import { chmodSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "@goalpost/adapter-kit/testing";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { ADAPTER_BIN, ADAPTER_LINKED_BIN } from "./claude-code-home.js";
import { verifies } from "./requirements.js";

afterEach(removeTestdirs);

/** Every file under `dir`, relative. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

describe("a committed project configuration", { timeout: 120_000 }, () => {
  it("runs the bin from PATH on a machine that has it, says so on one that has not, and uninstalls without leftovers", async () => {
    verifies("CC-INSTALL-SAFE");
    const root = testdir({ home: { ".claude": {} }, project: { "README.md": "# p\n" }, bin: {} });
    const project = join(root, "project");
    const env = { PATH: "/usr/bin:/bin", HOME: join(root, "home"), CLAUDE_CONFIG_DIR: join(root, "home", ".claude") };
    const install = await execa(process.execPath, [ADAPTER_BIN, "install", "--scope", "project"], {
      env,
      extendEnv: false,
      cwd: project,
      reject: false,
    });
    expect(install.exitCode, String(install.stderr)).toBe(0);
    const committed = `${readFileSync(join(project, ".claude", "settings.json"), "utf8")}${readFileSync(join(project, ".mcp.json"), "utf8")}`;
    expect(committed).not.toContain(root);
    const hooks = installedHookCommands(
      JSON.parse(readFileSync(join(project, ".claude", "settings.json"), "utf8")).hooks,
      "goalpost-claude-code",
    );
    const prompt = {
      session_id: "s1",
      cwd: project,
      transcript_path: null,
      hook_event_name: "UserPromptSubmit",
      prompt: "/goal ship it",
    };

    // A teammate without goalpost: a clear line on stderr, no answer, exit 0 — the host goes on.
    const missing = runInstalledHook(hooks["UserPromptSubmit"]!, prompt, { env, cwd: project });
    expect(missing.status).toBe(0);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toMatch(
      /goalpost-claude-code, which is not installed here: npm install -g @goalpost\/adapter-claude-code/,
    );

    // A teammate with the adapter installed (its bin on PATH, as npm links it): goalpost answers.
    const shim = join(root, "bin", "goalpost-claude-code");
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${ADAPTER_LINKED_BIN}" "$@"\n`);
    chmodSync(shim, 0o755);
    const installed = runInstalledHook(hooks["UserPromptSubmit"]!, prompt, {
      env: { ...env, PATH: `${join(root, "bin")}:${env.PATH}` },
      cwd: project,
    });
    expect(installed.status, installed.stderr).toBe(0);
    expect(JSON.stringify(installed.output)).toContain("ship it");

    const uninstall = await execa(process.execPath, [ADAPTER_BIN, "uninstall", "--scope", "project"], {
      env,
      extendEnv: false,
      cwd: project,
      reject: false,
    });
    expect(uninstall.exitCode, String(uninstall.stderr)).toBe(0);
    // No `{}` files, no backups: the project is as it was.
    expect(filesUnder(project)).toEqual(["README.md"]);
  });
});
