// `goalpost completion`: the scripts loaded into real shells, and asked what they complete.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bashCompletes, shellInstalled as has, runInShell as shell } from "@goalpost/adapter-kit/testing";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));
const goalpost = `"${process.execPath}" "${bin}"`;

describe("goalpost completion", { timeout: 90_000 }, () => {
  it("completes commands, a command's flags and host names in bash", () => {
    const complete = (words: string) => bashCompletes(goalpost, "_goalpost", words);
    expect(complete("goalpost st")).toBe("status");
    expect(complete("goalpost install --st")).toBe("--strict");
    expect(complete("goalpost install c").split(" ").sort()).toEqual(["claude-code", "codex", "copilot-cli"]);
    expect(complete("goalpost show --j")).toBe("--json");
    expect(complete("goalpost comp")).toBe("completion");
  });

  it.skipIf(!has("fish"))("completes in fish, with each command's summary", () => {
    const run = shell(
      "fish",
      `${goalpost} completion fish | source; complete -C "goalpost wa"; complete -C "goalpost doctor cod"`,
    );
    expect(run.stdout).toContain("watch\tthe open goals here and their timelines, live, beside the agent");
    expect(run.stdout).toMatch(/^codex$/m);
  });

  it.skipIf(!has("zsh"))("is a zsh completion function zsh loads", () => {
    const run = shell(
      "zsh",
      `autoload -U compinit; compinit -u -D; eval "$(${goalpost} completion zsh)"; print -r -- $_comps[goalpost]`,
    );
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("_goalpost");
  });

  it("names the shells it knows when asked for another", () => {
    const run = spawnSync(process.execPath, [bin, "completion", "tcsh"], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("name a shell: bash, zsh, fish");
  });
});
