// macOS's walls come from the sandbox runtime, which holds one configuration per process and refuses a
// second ("initialize() is already running with a different configuration"). Runs in one process —
// a harness verifying two sessions — take it in turn. The runtime here is a stand-in that refuses as
// the real one does, and the platform is said to be macOS: CI has no macOS.
import { afterEach, describe, expect, it, vi } from "vitest";
import { temporaryDir } from "./test-projects.js";

let configured = false;
const initialized: string[] = [];
vi.mock("@anthropic-ai/sandbox-runtime", () => ({
  SandboxManager: {
    async initialize(config: { filesystem: { allowWrite: string[] } }) {
      if (configured) throw new Error("initialize() is already running with a different configuration");
      configured = true;
      initialized.push(config.filesystem.allowWrite[0]!);
    },
    async wrapWithSandbox(command: string) {
      return command;
    },
    async reset() {
      configured = false;
    },
  },
}));

const platform = Object.getOwnPropertyDescriptor(process, "platform")!;
afterEach(() => Object.defineProperty(process, "platform", platform));

describe("the sandbox runtime, one configuration per process", () => {
  it("two runs opened at once take turns: the second opens when the first is disposed, neither is refused", async () => {
    Object.defineProperty(process, "platform", { value: "darwin" });
    const { openCheckSandbox } = await import("./check-sandbox.js");
    const [a, b] = [temporaryDir(), temporaryDir()];
    const walls = (project: string) => ({ project, runDir: temporaryDir(), readable: [], unreadable: [] });
    const first = await openCheckSandbox(walls(a));
    let secondOpened = false;
    const second = openCheckSandbox(walls(b)).then((outcome) => {
      secondOpened = true;
      return outcome;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(secondOpened).toBe(false);
    if (!("sandbox" in first)) throw new Error(first.unavailable);
    await first.sandbox.dispose();
    const opened = await second;
    expect(opened).toHaveProperty("sandbox");
    expect(initialized).toEqual([a, b]);
    if ("sandbox" in opened) await opened.sandbox.dispose();
  });
});
