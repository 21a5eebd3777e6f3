// Where install writes, per scope and platform, and that a dry run writes nothing.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { hooksSettingOn } from "./vscode-chat-install.js";
import { vscodeUserDir } from "./vscode-chat-paths.js";

const BIN = fileURLToPath(new URL("../dist/goalpost-vscode-chat.js", import.meta.url));
afterEach(removeTestdirs);

describe("VS Code install targets", { timeout: 60_000 }, () => {
  it("finds the profile folder on each platform, in portable mode and where the user points", () => {
    expect(vscodeUserDir({ HOME: "/h" }, "linux")).toBe("/h/.config/Code/User");
    expect(vscodeUserDir({ HOME: "/h", XDG_CONFIG_HOME: "/x" }, "linux")).toBe("/x/Code/User");
    expect(vscodeUserDir({ HOME: "/h" }, "darwin")).toBe("/h/Library/Application Support/Code/User");
    expect(vscodeUserDir({ HOME: "/h", APPDATA: "/a" }, "win32")).toBe(join("/a", "Code", "User"));
    expect(vscodeUserDir({ HOME: "/h", VSCODE_PORTABLE: "/p" }, "linux")).toBe("/p/user-data/User");
    expect(vscodeUserDir({ HOME: "/h", GOALPOST_VSCODE_USER_DIR: "/i/User" }, "linux")).toBe("/i/User");
  });

  it("reads chat.useHooks from settings text, comments aside", () => {
    expect(hooksSettingOn('{ "chat.useHooks": true }')).toBe(true);
    expect(hooksSettingOn('{\n  // "chat.useHooks": true\n  "chat.useHooks": false\n}')).toBe(false);
    expect(hooksSettingOn('{ /* "chat.useHooks": true */ }')).toBe(false);
  });

  it("workspace scope writes into the project's .github and .vscode only; a dry run writes nothing", () => {
    const root = testdir({ home: {}, project: {} });
    const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: join(root, "home") };
    const project = join(root, "project");
    const bin = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { env, cwd: project, encoding: "utf8" });
    const dry = bin("install", "--scope", "workspace", "--dry-run");
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(join(project, ".github", "hooks", "goalpost-vscode.json"));
    expect(existsSync(join(project, ".github"))).toBe(false);
    expect(bin("install", "--scope", "workspace").status).toBe(0);
    expect(JSON.parse(readFileSync(join(project, ".vscode", "mcp.json"), "utf8")).servers.goalpost.type).toBe("stdio");
    expect(readFileSync(join(project, ".github", "agents", "goalpost.agent.md"), "utf8")).toMatch(/^---\nname: Goalpost/);
    // User-level files are not touched by a workspace install.
    expect(existsSync(join(root, "home", ".copilot"))).toBe(false);
    expect(existsSync(join(root, "home", ".config", "Code", "User", "settings.json"))).toBe(false);
    expect(bin("uninstall", "--scope", "workspace").status).toBe(0);
    expect(existsSync(join(project, ".github", "hooks", "goalpost-vscode.json"))).toBe(false);
  });
});
