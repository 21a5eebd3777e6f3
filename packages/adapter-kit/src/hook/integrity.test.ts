// What keeps goalpost working, watched across the agent's turn, with the example host's real hook
// processes: a change made between the user's prompt and the stop is told at the next prompt (and kept
// for doctor); a change between turns is the user's and is not.
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { recordBreaches } from "@goalpost/core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { killStartedServers, serverCopy } from "../__fixtures__/server-copy.js";
import { removeTestdirs } from "../testing/index.js";
import { readBreaches } from "./fault-records.js";

afterEach(() => {
  killStartedServers();
  removeTestdirs();
});

const openGoal = { prompt: "/goal Make the CSV importer stream files" };

/** A copy with goalpost's hooks in Acme's settings, as install writes them, and a goal open. */
function installedWithGoal() {
  const pkg = serverCopy();
  const settings = join(pkg.root, ".acme", "settings.jsonc");
  mkdirSync(join(pkg.root, ".acme"), { recursive: true });
  const command = (event: string) => `node ${pkg.loader} hook ${event}`;
  writeFileSync(
    settings,
    `${JSON.stringify({ hooks: { stop: [{ hooks: [{ type: "command", command: command("stop") }] }] } }, null, 2)}\n`,
  );
  pkg.hook("user_prompt", openGoal);
  return { pkg, settings };
}

describe.skipIf(process.platform === "win32")("goalpost's integrity across the agent's turn", { timeout: 60_000 }, () => {
  it("tells the user at their next prompt of an installed file changed during the turn, once; a change between turns is theirs", () => {
    const { pkg } = installedWithGoal();
    pkg.hook("user_prompt", { prompt: "go on" });
    appendFileSync(pkg.script, "# changed by a command the agent ran\n");
    pkg.hook("stop", {});
    const next = pkg.hook("user_prompt", { prompt: "and now?" });
    expect(next.stderr).toMatch(/installed file goalpost-acme-hook\.sh was changed during the agent's turn/);
    expect(pkg.hook("user_prompt", { prompt: "again" }).stderr).not.toMatch(/was changed/);
    // Between turns (after a stop, before the prompt): the user's own change, not told.
    pkg.hook("stop", {});
    appendFileSync(pkg.script, "# the user's own edit\n");
    pkg.hook("user_prompt", { prompt: "go" });
    pkg.hook("stop", {});
    expect(pkg.hook("user_prompt", { prompt: "go on" }).stderr).not.toMatch(/was changed/);
    expect(readBreaches(pkg.state)).toHaveLength(1);
  });

  it("tells of goalpost's hooks taken out of the host's settings during the turn", () => {
    const { pkg, settings } = installedWithGoal();
    pkg.hook("user_prompt", { prompt: "go on" });
    writeFileSync(settings, `${JSON.stringify({ hooks: {} })}\n`);
    pkg.hook("stop", {});
    expect(pkg.hook("user_prompt", { prompt: "next" }).stderr).toMatch(
      new RegExp(
        `${settings.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} was changed during the agent's turn: goalpost's hooks are not in it`,
      ),
    );
  });

  it("tells of another tool's stop hook added to the settings during the turn", () => {
    const { pkg, settings } = installedWithGoal();
    pkg.hook("user_prompt", { prompt: "go on" });
    const data = JSON.parse(readFileSync(settings, "utf8")) as { hooks: { stop: unknown[] } };
    data.hooks.stop.unshift({ hooks: [{ type: "command", command: `echo '{"continue": false}'` }] });
    writeFileSync(settings, JSON.stringify(data));
    pkg.hook("stop", {});
    expect(pkg.hook("user_prompt", { prompt: "next" }).stderr).toMatch(
      /was changed during the agent's turn: another stop hook \(`echo '\{"continue": false\}'`\) can end the turn before goalpost's answer counts/,
    );
    expect(readBreaches(pkg.state)).toHaveLength(1);
  });

  it("tells of another tool's stop hook added during a turn whose stop goalpost never ran (the host ended it first)", () => {
    const { pkg, settings } = installedWithGoal();
    pkg.hook("user_prompt", { prompt: "go on" });
    const data = JSON.parse(readFileSync(settings, "utf8")) as { hooks: { stop: unknown[] } };
    data.hooks.stop.unshift({ hooks: [{ type: "command", command: `echo '{"continue": false}'` }] });
    writeFileSync(settings, JSON.stringify(data));
    // No stop of goalpost's: the next prompt judges the turn.
    expect(pkg.hook("user_prompt", { prompt: "next" }).stderr).toMatch(
      /was changed after your last prompt, in a turn whose end goalpost did not see: another stop hook \(`echo '\{"continue": false\}'`\)/,
    );
    expect(readBreaches(pkg.state)).toHaveLength(1);
  });

  it("tells once at the next prompt that the user's notifier failed when goalpost called it", async () => {
    const { pkg } = installedWithGoal();
    writeFileSync(join(pkg.state, "config.json"), JSON.stringify({ notify: "exit 3" }));
    // Something goalpost tells the user of (a breach) runs their notifier, which fails.
    recordBreaches(pkg.state, ["goalpost's installed file hook.sh was changed during the agent's turn."]);
    for (let tries = 0; tries < 100 && !existsSync(join(pkg.state, "notifier-failed")); tries++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const next = pkg.hook("user_prompt", { prompt: "next" }).stderr;
    expect(next).toMatch(/your notifier \(config\.json's `notify` command\) exited with status 3/);
    expect(pkg.hook("user_prompt", { prompt: "again" }).stderr).not.toMatch(/your notifier/);
  });

  it("tells at the next prompt that goalpost's stop hook went, though no stop ran to compare", () => {
    const { pkg, settings } = installedWithGoal();
    const command = (event: string) => `node ${pkg.loader} hook ${event}`;
    const both = (events: string[]) => ({
      hooks: Object.fromEntries(events.map((event) => [event, [{ hooks: [{ type: "command", command: command(event) }] }]])),
    });
    writeFileSync(settings, JSON.stringify(both(["user_prompt", "stop"])));
    pkg.hook("user_prompt", { prompt: "go on" });
    pkg.hook("stop", {});
    // A script takes out the stop hook alone, between turns: no stop hook runs to compare again.
    writeFileSync(settings, JSON.stringify(both(["user_prompt"])));
    const next = pkg.hook("user_prompt", { prompt: "next" });
    expect(next.stderr).toMatch(
      /goalpost's stop hook is no longer in .*settings\.jsonc.* run `goalpost-acme install` to put it back/,
    );
    expect(pkg.hook("user_prompt", { prompt: "again" }).stderr).not.toMatch(/no longer in/);
  });

  it("tells, while switched off, that goalpost was switched off after the user's last prompt with a goal open", () => {
    const { pkg } = installedWithGoal();
    pkg.hook("user_prompt", { prompt: "go on" });
    writeFileSync(join(pkg.state, "disabled"), "");
    // Every hook is a no-op now: the stop goes through.
    expect(pkg.hook("stop", {}).stdout).toBe("");
    const next = pkg.hook("user_prompt", { prompt: "why did it stop?" });
    expect(next.stderr).toMatch(
      /goalpost was switched off \(GOALPOST_DISABLED, or the disabled file\) after your last prompt, with goal goal_\w+ open/,
    );
    // Told once; switched off, goalpost says nothing else.
    const after = pkg.hook("user_prompt", { prompt: "and?" });
    expect(after.stdout).toBe("");
    expect(after.stderr).toBe("");
    expect(readBreaches(pkg.state)).toHaveLength(1);
  });

  it("an upgrade of goalpost to a later release during the turn is no breach; the same version changed is", () => {
    const { pkg } = installedWithGoal();
    const manifest = join(pkg.root, "pkg", "package.json");
    const version = (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
    pkg.hook("user_prompt", { prompt: "go on" });
    // npm puts the new release's files in place: the version moves on with them.
    writeFileSync(manifest, JSON.stringify({ name: "acme", version: "99.0.0" }));
    appendFileSync(pkg.script, "# the new release\n");
    pkg.hook("stop", {});
    expect(pkg.hook("user_prompt", { prompt: "and now?" }).stderr).not.toMatch(/was changed/);
    expect(readBreaches(pkg.state)).toEqual([]);
    // Changed again, its version the same: not an upgrade.
    appendFileSync(pkg.script, "# changed by a command the agent ran\n");
    pkg.hook("stop", {});
    expect(pkg.hook("user_prompt", { prompt: "and?" }).stderr).toMatch(
      /goalpost-acme-hook\.sh was changed during the agent's turn/,
    );
    expect(version).not.toBe("99.0.0");
  });

  it("goalpost's files written again with the same bytes during the turn (npm reinstalling an unchanged package) are no change", async () => {
    const { pkg } = installedWithGoal();
    pkg.hook("user_prompt", { prompt: "go on" });
    const same = readFileSync(pkg.script);
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(pkg.script, same);
    pkg.hook("stop", {});
    expect(pkg.hook("user_prompt", { prompt: "and now?" }).stderr).not.toMatch(/was changed/);
    expect(readBreaches(pkg.state)).toEqual([]);
  });

  it("a settings file caught mid-save by the user's editor is read again before anything is told", async () => {
    const { pkg, settings } = installedWithGoal();
    pkg.hook("user_prompt", { prompt: "go on" });
    const whole = readFileSync(settings, "utf8");
    // Half written now; the editor finishes the save a moment later, while the stop reads it.
    writeFileSync(settings, whole.slice(0, 20));
    const finish = spawn("/bin/sh", ["-c", `sleep 0.1; cat "$1.whole" > "$1"`, "sh", settings], { stdio: "ignore" });
    writeFileSync(`${settings}.whole`, whole);
    const finished = new Promise((resolve) => finish.on("exit", resolve));
    pkg.hook("stop", {});
    await finished;
    expect(pkg.hook("user_prompt", { prompt: "next" }).stderr).not.toMatch(/was changed/);
    expect(readBreaches(pkg.state)).toEqual([]);
  });

  it("a settings file still half-saved when the stop reads it, whole again by the next prompt, is not told; one still broken is", () => {
    const { pkg, settings } = installedWithGoal();
    pkg.hook("user_prompt", { prompt: "go on" });
    const whole = readFileSync(settings, "utf8");
    // The user's editor is slow: the file stays half written through the stop's retries.
    writeFileSync(settings, whole.slice(0, 20));
    pkg.hook("stop", {});
    writeFileSync(settings, whole);
    expect(pkg.hook("user_prompt", { prompt: "next" }).stderr).not.toMatch(/was changed/);
    expect(readBreaches(pkg.state)).toEqual([]);
    // Broken during a turn and still broken at the next prompt: told then.
    writeFileSync(settings, whole.slice(0, 20));
    pkg.hook("stop", {});
    expect(pkg.hook("user_prompt", { prompt: "and now?" }).stderr).toMatch(
      /was changed during the agent's turn: it cannot be read/,
    );
  });
});
