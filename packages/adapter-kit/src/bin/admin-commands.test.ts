import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { acmeAdapter } from "../../examples/example-host/src/acme-adapter.js";
import { removeTestdirs, testdir } from "../testing/index.js";
import { runAdminCommand } from "./admin-commands.js";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) }, out, err };
}

describe("install as the user runs it", () => {
  it("refuses to install from npx's temporary cache, and says what to do", async () => {
    const { io, err } = capture();
    const home = testdir();
    const code = await runAdminCommand(
      acmeAdapter,
      "install",
      [],
      "/root/.npm/_npx/1a2b3c/node_modules/goalpost-acme/bin/goalpost-acme.mjs",
      io,
      { HOME: home, ACME_HOME: home },
    );
    expect(code).toBe(1);
    expect(err.join("")).toMatch(/npx's temporary cache.*npm install -g/);
    removeTestdirs();
  });

  it("rejects an unknown scope or flag with exit 2", async () => {
    const { io, err } = capture();
    expect(await runAdminCommand(acmeAdapter, "install", ["--scope", "galaxy"], "/x/bin.mjs", io, {})).toBe(2);
    expect(err.join("")).toContain("--scope must be one of user");
    expect(await runAdminCommand(acmeAdapter, "install", ["--frobnicate"], "/x/bin.mjs", io, {})).toBe(2);
    // In the goalpost CLI's words: the flag likely meant, and where the rest is.
    const typo = capture();
    expect(await runAdminCommand(acmeAdapter, "install", ["--dry-rn"], "/x/bin.mjs", typo.io, {})).toBe(2);
    expect(typo.err.join("")).toBe(
      'goalpost-acme install: unknown option --dry-rn (did you mean "--dry-run"?)\n(goalpost-acme --help for the commands and their options)\n',
    );
  });

  it("answers an error under --json as JSON on stdout, the words on stderr as ever", async () => {
    const typo = capture();
    expect(await runAdminCommand(acmeAdapter, "install", ["--dry-rn", "--json"], "/x/bin.mjs", typo.io, {})).toBe(2);
    expect(JSON.parse(typo.out.join(""))).toEqual({
      error: 'goalpost-acme install: unknown option --dry-rn (did you mean "--dry-run"?)',
    });
    expect(typo.err.join("")).toContain("(goalpost-acme --help for the commands and their options)");
    const scope = capture();
    expect(await runAdminCommand(acmeAdapter, "uninstall", ["--json", "--scope", "galaxy"], "/x/bin.mjs", scope.io, {})).toBe(2);
    expect(JSON.parse(scope.out.join(""))).toEqual({ error: "goalpost-acme uninstall: --scope must be one of user" });
  });

  it("answers --help on every verb with the usage, and touches nothing", async () => {
    const home = testdir();
    for (const verb of ["install", "uninstall", "doctor"] as const) {
      const { io, out } = capture();
      expect(await runAdminCommand(acmeAdapter, verb, ["--help"], "/x/bin.mjs", io, { HOME: home, ACME_HOME: home })).toBe(0);
      expect(out.join("")).toMatch(/for you:[\s\S]*install --dry-run/);
      // The flags, from the table the goalpost CLI passes through and completes.
      expect(out.join("")).toContain(
        "goalpost-acme install [--scope user] [--project <dir>] [--dry-run] [--no-status-line] [--json]",
      );
      expect(out.join("")).toContain("goalpost-acme uninstall [--scope user] [--project <dir>] [--dry-run] [--purge] [--json]");
    }
    expect(readdirSync(home)).toEqual([]);
    removeTestdirs();
  });
});
