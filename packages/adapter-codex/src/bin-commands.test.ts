// The installed bin as a user meets it: its help, its completion loaded into real shells, and a typo
// answered with the command likely meant — all from the kit's one table of the bin's commands.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bashCompletes, shellInstalled as has, runInShell as shell } from "@goalpost/adapter-kit/testing";
import { describe, expect, it } from "vitest";

const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "goalpost-codex.js");
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", timeout: 30_000 });
const goalpostCodex = `"${process.execPath}" "${bin}"`;

describe("goalpost-codex's command line", { timeout: 90_000 }, () => {
  it("prints its help from the table, grouped by who runs each command", () => {
    const help = run("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^for you:\n {2}goalpost-codex install \[--scope user\]/m);
    expect(help.stdout).toContain(
      "goalpost-codex install [--scope user] [--project <dir>] [--dry-run] [--no-status-line] [--strict] [--no-strict] [--json]",
    );
    expect(help.stdout).toMatch(/^for the agent .*\n {2}goalpost-codex status \[--session <id>\]/m);
    expect(help.stdout).toMatch(/^run by Codex:\n {2}goalpost-codex hook <Event>/m);
    // Every command's --help is the same page, and touches nothing.
    for (const command of ["install", "doctor", "completion", "status", "close"])
      expect(run(command, "--help").stdout).toBe(help.stdout);
  });

  it("answers a typo with the command or flag likely meant", () => {
    const typo = run("dcotor");
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('unknown command "dcotor" (did you mean "doctor"?)');
    const flag = run("status", "--sesion", "x");
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('unknown option --sesion (did you mean "--session"?)');
  });

  it("completes its commands and their flags in bash", () => {
    const complete = (words: string) => bashCompletes(goalpostCodex, "_goalpost_codex", words);
    expect(complete("goalpost-codex doc")).toBe("doctor");
    expect(complete("goalpost-codex install --st")).toBe("--strict");
    expect(complete("goalpost-codex update --s")).toBe("--session");
    expect(complete("goalpost-codex completion z")).toBe("zsh");
    // What the host and goalpost run is not offered to a person.
    expect(complete("goalpost-codex ho")).toBe("");
  });

  it.skipIf(!has("fish"))("completes in fish, with each command's summary", () => {
    const completed = shell("fish", `${goalpostCodex} completion fish | source; complete -C "goalpost-codex unin"`);
    expect(completed.stdout).toContain("uninstall\ttake out exactly what install added");
  });

  it.skipIf(!has("zsh"))("is a zsh completion function zsh loads", () => {
    const loaded = shell(
      "zsh",
      `autoload -U compinit; compinit -u -D; eval "$(${goalpostCodex} completion zsh)"; print -r -- $_comps[goalpost-codex]`,
    );
    expect(loaded.stderr).toBe("");
    expect(loaded.stdout.trim()).toBe("_goalpost_codex");
  });

  it("names the shells it knows when asked for another", () => {
    const other = run("completion", "tcsh");
    expect(other.status).toBe(2);
    expect(other.stderr).toBe("goalpost-codex completion: name a shell: bash, zsh, fish\n");
  });
});
