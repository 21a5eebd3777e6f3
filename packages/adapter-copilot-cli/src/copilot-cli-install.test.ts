import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { applyChanges, installTargets, planInstall, planUninstall } from "@goalpost/adapter-kit/install";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { copilotCliAdapter } from "./copilot-cli-adapter.js";
import { INSTALLED_HOOK_EVENTS } from "./copilot-cli-install.js";

afterEach(removeTestdirs);

// The built bin: install copies the extension bundle that sits beside it.
const cliPath = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "goalpost-copilot-cli.js");

function fakeHome(settings?: unknown) {
  const home = join(testdir({ copilot: {} }), "copilot");
  if (settings !== undefined) writeFileSync(join(home, "settings.json"), `${JSON.stringify(settings, null, 2)}\n`);
  const env = { HOME: dirname(home), COPILOT_HOME: home };
  const targets = () => installTargets(copilotCliAdapter, { scope: "user", projectDir: home, cliPath, env });
  const read = (file: string) => readFileSync(join(home, file), "utf8");
  return {
    home,
    read,
    install: () => applyChanges(planInstall(targets())),
    uninstall: () => applyChanges(planUninstall(targets())),
    planInstall: () => planInstall(targets()),
  };
}

describe("install into COPILOT_HOME", () => {
  it("writes goalpost's hook file, the extension, the skill and switches extensions on; twice changes nothing; uninstall restores", () => {
    const userSettings = { model: "gpt-4.1", trusted_folders: ["/home/me/app"] };
    const home = fakeHome(userSettings);
    const before = home.read("settings.json");
    home.install();
    const hooks = JSON.parse(home.read("hooks/goalpost.json"));
    expect(hooks.version).toBe(1);
    expect(Object.keys(hooks.hooks)).toEqual([...INSTALLED_HOOK_EVENTS]);
    for (const event of INSTALLED_HOOK_EVENTS) {
      expect(hooks.hooks[event]).toEqual([
        // No snapshot here: the hook entry is run plainly.
        {
          type: "command",
          bash: expect.stringContaining(`; set -- ${event} `),
          timeoutSec: event === "agentStop" ? 300 : 15,
        },
      ]);
    }
    expect(home.read("extensions/goalpost/extension.mjs")).toMatch(/^\/\/ goalpost's Copilot CLI extension/);
    expect(home.read("skills/goal/SKILL.md")).toMatch(/^---\nname: goal\n/);
    expect(JSON.parse(home.read("mcp-config.json")).mcpServers.goalpost).toEqual({
      type: "stdio",
      command: "node",
      args: [cliPath, "mcp"],
      env: { COPILOT_HOME: home.home },
      tools: ["*"],
    });
    expect(JSON.parse(home.read("settings.json"))).toEqual({
      ...userSettings,
      enabledFeatureFlags: { EXTENSIONS: true },
      // goalpost's goal line in the footer's custom slot (copilot-cli-status-line.ts).
      statusLine: {
        type: "command",
        command: expect.stringMatching(/^\/bin\/sh \S+\/goalpost-copilot-cli-status-line\.sh \S+$/),
        // Redrawn on its own, so a close shows without waiting for the next message.
        refreshInterval: 5,
      },
    });
    expect(home.planInstall()).toEqual([]);
    home.uninstall();
    expect(home.read("settings.json")).toBe(before);
    for (const file of [
      "hooks/goalpost.json",
      "extensions/goalpost/extension.mjs",
      "skills/goal/SKILL.md",
      "goalpost/install-record.json",
    ])
      expect(existsSync(join(home.home, file)), file).toBe(false);
  });

  it("leaves the extensions flag on at uninstall when it was the user's", () => {
    const home = fakeHome({ enabledFeatureFlags: { EXTENSIONS: true, OTHER: true } });
    home.install();
    home.uninstall();
    expect(JSON.parse(home.read("settings.json"))).toEqual({ enabledFeatureFlags: { EXTENSIONS: true, OTHER: true } });
  });

  it("never overwrites a skill of the user's with the same name", () => {
    const home = fakeHome();
    mkdirSync(join(home.home, "skills", "goal"), { recursive: true });
    writeFileSync(join(home.home, "skills", "goal", "SKILL.md"), "---\nname: goal\n---\nmy own goal skill\n");
    expect(() => home.install()).toThrow(/SKILL.md exists and is not goalpost's/);
    expect(home.read("skills/goal/SKILL.md")).toContain("my own goal skill");
  });
});
