// One way to type, everywhere goalpost speaks: `goal: …` reaches goalpost alone on every host (the
// README's "What to type"), while `/goal …` is the host's own command on Claude Code, Codex and Copilot
// CLI. So every hint, refusal, note and --help names goalpost's commands as `goal: …`; `/goal` appears
// only where goalpost repeats what the user typed, describes the host's own command, or reads a prompt.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../", import.meta.url));

/** goalpost's commands written the host's way: `/goal` followed by a verb or a placeholder. */
const SLASH_COMMAND = /\/goal(?:post)? (?:<|…|clear|cancel|resume|continue|confirm|accept|refuse|check|budget|pause|status|help)/;

/** Lines that may say it, each for a reason: the user's own words read or echoed, never advice (the hosts' sample payloads, which are what users typed, are not read). */
const ALLOWED: Readonly<Record<string, RegExp>> = {
  // What the user typed, echoed back in their spelling ("/goal acept" → did you mean "/goal accept"?).
  "packages/core/src/engine/goal-command.ts": /typed: `\/goal \$\{body\}`/,
  // `/goal edit` has no `goal:` form (`goal: edit the README` is an objective).
  "packages/core/src/engine/handlers/prompt-submitted.ts": /\/goal edit <text> proposes/,
  // The host's own /goal beside goalpost's, and how to set goalpost's alone.
  "packages/core/src/engine/goal-changes.ts": /type goal: … instead of \/goal … to set goalpost's alone/,
  // A host fact: Claude Code's own /goal clear.
  "packages/core/src/host/host-profile.ts": /\(Claude Code's \/goal clear\)/,
};

function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !/[/\\](node_modules|dist|__fixtures__)[/\\]/.test(path) && !/samples\.ts$/.test(path));
}

/** Each line of code (comments are for engineers) that names a goalpost command as `/goal …`. */
function slashAdvice(): { found: string[]; read: string[] } {
  const found: string[] = [];
  const read: string[] = [];
  const folders = ["packages", "apps"].flatMap((top) => readdirSync(join(repo, top)).map((pkg) => join(repo, top, pkg)));
  // The kit's example host is a third party's adapter, written as we would have them write it.
  folders.push(join(repo, "packages/adapter-kit/examples/example-host"));
  for (const folder of folders.filter((folder) => existsSync(join(folder, "src")))) {
    for (const file of sources(join(folder, "src"))) {
      const name = relative(repo, file);
      read.push(name);
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line) || !SLASH_COMMAND.test(line)) return;
          if (ALLOWED[name]?.test(line)) return;
          found.push(`${name}:${index + 1}: ${line.trim().slice(0, 160)}`);
        });
    }
  }
  return { found, read };
}

describe("one way to type", () => {
  it("names goalpost's commands as `goal: …` in every string it shows, on every host", () => {
    const { found, read } = slashAdvice();
    expect(found).toEqual([]);
    // What speaks to the user was read: core's hints, each adapter's install, the CLI, the example host.
    expect(read).toEqual(
      expect.arrayContaining([
        "packages/core/src/engine/handlers/prompt-submitted.ts",
        "packages/adapter-vscode-chat/src/vscode-chat-install.ts",
        "apps/cli/src/cli.ts",
        "packages/adapter-kit/examples/example-host/src/acme-adapter.ts",
      ]),
    );
  });

  it("finds a `/goal …` written as advice (the check can fail)", () => {
    expect(SLASH_COMMAND.test('"they can type /goal clear"')).toBe(true);
    expect(SLASH_COMMAND.test('"they can type goal: clear"')).toBe(false);
    expect(SLASH_COMMAND.test('"the host\'s own /goal runs beside it"')).toBe(false);
  });
});
