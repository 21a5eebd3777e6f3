// The tamper guard, the first line before the walls: a command that changes files and names
// goalpost's state or the host's configuration is refused however the path is spelled — quoted or
// doubled segments, `~//`, `/./`, `$HOME`, a `cd` first, a redirection, a `--flag=value`.
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tamperViolation } from "./tamper-guard.js";

const home = process.env["HOME"] || homedir();
const stateRoot = join(home, ".claude", "goalpost");
const settings = join(home, ".claude", "settings.json");
const options = { stateRoot, protectedFiles: [settings], cwd: "/work/project" };
const shell = (command: string) =>
  tamperViolation({ tool: "Bash", command, paths: [], shell: true, edits: true }, { command }, options);

describe("the tamper guard reads paths as the shell resolves them", () => {
  it.each([
    "touch ~/.claude/goalpost/disabled",
    `touch ~/.claude/goal''post/disabled`,
    `touch ~/.claude/"goal"post/disabled`,
    "touch ~//.claude//goalpost/disabled",
    "touch ~/./.claude/./goalpost/disabled",
    'touch "$HOME/.claude/goalpost/disabled"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's ${HOME}, as the agent would write it
    "touch ${HOME}/.claude/goalpost/disabled",
    "cd ~/.claude && touch goalpost/disabled",
    "cd ~/.claude/goalpost; rm -f open/s1",
    "echo off > ~//.claude/./goalpost/disabled",
    "cp /tmp/x --target-directory=~/.claude/goalpost",
    "sed -i 's/goalpost-claude-code-hook/true/' ~/.claude//settings.json",
  ])("refuses %s", (command) => {
    expect(shell(command)).toMatch(/^a command that changes files and names /);
  });

  it.each([
    "touch notes/goalpost-ideas.md",
    "ls ~/.claude/goalpost",
    "cat ~/.claude/settings.json",
    "cd ~/.claude && ls",
    "rm -rf build && mkdir build",
    "git checkout -b goalpost-docs",
  ])("leaves %s alone", (command) => {
    expect(shell(command)).toBeNull();
  });
});
