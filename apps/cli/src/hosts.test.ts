import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { adapterPackages, loadHosts } from "./hosts.js";

const bin = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));

describe("the hosts the CLI knows", { timeout: 60_000 }, () => {
  it("are the adapter packages it depends on, each described by its own descriptor", async () => {
    expect(adapterPackages()).toEqual([
      "@goalpost/adapter-claude-code",
      "@goalpost/adapter-codex",
      "@goalpost/adapter-copilot-cli",
    ]);
    expect(adapterPackages()).not.toContain("@goalpost/adapter-kit");
    const hosts = await loadHosts();
    const claude = hosts.find((host) => host.id === "claude-code")!;
    expect(claude).toMatchObject({ displayName: "Claude Code", bin: "goalpost-claude-code" });
    expect(existsSync(claude.binPath)).toBe(true);
    expect(claude.stateRoot({ HOME: "/home/u" })).toBe("/home/u/.claude/goalpost");
    expect(claude.stateRoot({ HOME: "/home/u", GOALPOST_HOME: "/state" })).toBe("/state");
    expect(claude.detect({ HOME: "/nonexistent", PATH: "" })).toEqual({ present: false, where: null });
    const codex = hosts.find((host) => host.id === "codex")!;
    expect(codex).toMatchObject({ displayName: "Codex", bin: "goalpost-codex" });
    expect(existsSync(codex.binPath)).toBe(true);
    expect(codex.stateRoot({ HOME: "/home/u" })).toBe("/home/u/.codex/goalpost");
    expect(codex.stateRoot({ HOME: "/home/u", CODEX_HOME: "/c" })).toBe("/c/goalpost");
    const copilot = hosts.find((host) => host.id === "copilot-cli")!;
    expect(copilot).toMatchObject({ displayName: "Copilot CLI", bin: "goalpost-copilot-cli" });
    expect(copilot.stateRoot({ HOME: "/home/u" })).toBe("/home/u/.copilot/goalpost");
  });

  it("status reads every host's state root, and install reaches the adapter's own installer", () => {
    const home = mkdtempSync(join(tmpdir(), "goalpost-cli-hosts-"));
    try {
      const env = { PATH: process.env["PATH"] ?? "", HOME: home };
      const status = spawnSync(process.execPath, [bin, "status"], { env, encoding: "utf8" });
      expect(status.stdout).toContain(`goalpost state: ${join(home, ".claude", "goalpost")}`);
      const none = JSON.parse(spawnSync(process.execPath, [bin, "status", "--json"], { env, encoding: "utf8" }).stdout);
      expect(none).toEqual({ goals: [] });
      const dryRun = spawnSync(process.execPath, [bin, "install", "claude-code", "--dry-run"], { env, encoding: "utf8" });
      expect(dryRun.stdout).toContain("(dry run: nothing was written)");
      const unknown = spawnSync(process.execPath, [bin, "install", "emacs"], { env, encoding: "utf8" });
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toContain('no adapter for host "emacs" (available: claude-code, codex, copilot-cli)');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe("goalpost prune", { timeout: 60_000 }, () => {
  it("archives old closed sessions, and show still finds their goals", async () => {
    const { closeGoal, createGoal, createGoalStore } = await import("@goalpost/core");
    const root = mkdtempSync(join(tmpdir(), "goalpost-cli-prune-"));
    try {
      let now = new Date("2026-01-01T00:00:00.000Z");
      const store = createGoalStore({ root, now: () => now });
      const identity = { sessionId: "old", host: "claude-code", cwd: "/p" };
      const goal = createGoal({ ...identity, objective: "ship the old thing", source: "api" }, now);
      store.update(identity, (state) => {
        state.goals.push(closeGoal(goal, { status: "cancelled" }, now));
      });
      now = new Date();
      const prune = spawnSync(process.execPath, [bin, "prune", "--root", root, "--days", "30"], { encoding: "utf8" });
      expect(prune.stdout).toContain("archived 1 session(s), kept 0");
      const show = spawnSync(process.execPath, [bin, "show", goal.id, "--root", root], { encoding: "utf8" });
      const open = createGoal({ ...identity, sessionId: "live", objective: "ship the new thing", source: "api" }, now);
      store.update({ ...identity, sessionId: "live" }, (state) => {
        state.goals.push(open);
      });
      const status = JSON.parse(
        spawnSync(process.execPath, [bin, "status", "--json", "--root", root], { encoding: "utf8" }).stdout,
      );
      expect(status.goals).toEqual([
        expect.objectContaining({
          sessionId: "live",
          goalId: open.id,
          objective: "ship the new thing",
          status: "active",
          gate: "open",
        }),
      ]);
      expect(show.stdout).toContain("ship the old thing");
      expect(spawnSync(process.execPath, [bin, "prune", "--days", "zero"], { encoding: "utf8" }).status).toBe(2);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
