// The real Copilot CLI terminal UI in a pseudo-terminal, in BYOK mode against the scripted model on
// 127.0.0.1: goalpost's segment in the footer's custom status line, after the user's own
// (docs/hosts/copilot-cli.md §12).
import { execSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTestdirs } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { COPILOT_BIN, createCopilotHome, goalpostCopilot } from "./copilot-cli-home.js";
import { type MockChat, scriptedChat, startMockChat } from "./mock-openai-chat.js";
import { verifies } from "./requirements.js";
import { canDriveTerminal, startTerminalUi } from "./terminal-ui.js";

if (!canDriveTerminal) console.warn("copilot-cli.tui.real.test: needs util-linux's script; skipped");

let mock: MockChat | undefined;
afterEach(async () => {
  await mock?.close();
  removeTestdirs();
});

/**
 * Copilot CLI's terminal UI in a fresh home with goalpost installed (`before` runs first: the user's own
 * settings), past the question a new folder asks (trust it, for this session).
 */
async function trustedTerminal(reply: string, before: (home: ReturnType<typeof createCopilotHome>) => void = () => {}) {
  mock = await startMockChat(scriptedChat({ main: [{ text: reply }] }));
  const home = createCopilotHome({ mockUrl: mock.url });
  before(home);
  const install = await goalpostCopilot(home, ["install"]);
  expect(install.exitCode, String(install.stderr)).toBe(0);
  const ui = startTerminalUi(`"${COPILOT_BIN}" --allow-all-tools`, {
    cwd: home.project,
    env: { ...home.env(), TERM: "xterm-256color" },
  });
  try {
    await ui.shows(/Do you trust the files in this folder\?/, "the trust question");
    ui.child.stdin!.write("\r");
  } catch (error) {
    await ui.close();
    throw error;
  }
  return { home, ui };
}

describe.skipIf(!canDriveTerminal)("goalpost in the real Copilot CLI terminal UI", () => {
  it("shows the goal in Copilot CLI's status line after the user's own, and uninstall gives theirs back", async () => {
    verifies("ANY-STATUS-LINE");
    const theirs = `${JSON.stringify({ statusLine: { command: "echo my-own-line-$(cat | wc -c)" } }, null, 2)}\n`;
    const { home, ui } = await trustedTerminal("I will look at the readme.", (fresh) =>
      writeFileSync(join(fresh.copilotHome, "settings.json"), theirs),
    );
    const settings = join(home.copilotHome, "settings.json");
    try {
      await ui.shows(/my-own-line-\d{3,}/, "the user's status line");
      expect(ui.text()).not.toContain("goalpost ◎");
      await ui.type("goal: tidy the readme wording");
      await ui.shows(/goalpost ◎ tidy the readme wording · /, "goalpost's segment");
    } finally {
      await ui.close();
    }
    const uninstall = await goalpostCopilot(home, ["uninstall"]);
    expect(uninstall.exitCode, String(uninstall.stderr)).toBe(0);
    expect(readFileSync(settings, "utf8")).toBe(theirs);
  }, 150_000);

  it("shows in the terminal what goalpost tells the user, through its extension (no hook answer carries it)", async () => {
    verifies("COPILOT-NOTES");
    const { home, ui } = await trustedTerminal("Hello.");
    try {
      await ui.shows(/Interactive/, "the prompt");
      // No goal, no task, no issue: the prompt hook's hint, left in the outbox, shown by the extension
      // as a warning in the session's timeline.
      await ui.type("hello there");
      await ui
        .shows(/! goalpost: no goal is set for this session\. Type goal: <what done means>/, "the hint")
        .catch((error: Error) => {
          // What the extension had to show, and what it logged: the outbox, the session's warnings, its own log.
          const look = (command: string) => {
            try {
              return execSync(command, { encoding: "utf8" });
            } catch (failed) {
              return String(failed);
            }
          };
          throw new Error(
            `${error.message}\noutbox: ${look(`ls -la "${home.stateRoot}/notes" && cat "${home.stateRoot}/notes/"* 2>&1`)}\nwarnings: ${look(`grep -rh "session.warning" "${home.copilotHome}/session-state" 2>&1 | head -5`)}\nextension: ${look(`grep -rh "extension" "${home.copilotHome}/logs" 2>&1 | tail -20`)}`,
          );
        });
    } finally {
      await ui.close();
    }
  }, 150_000);
});
