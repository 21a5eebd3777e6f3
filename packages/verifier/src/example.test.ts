// The example the README points harness authors to, run as they would run it (after the build).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/open-refuse-close.mjs", import.meta.url));
const built = existsSync(fileURLToPath(new URL("../dist/index.js", import.meta.url)));

describe.skipIf(!built)("examples/open-refuse-close.mjs", () => {
  it("refuses, then closes the goal on goalpost's own run of the project's tests (or waits for the user without a sandbox)", () => {
    const output = execFileSync(process.execPath, [example], { encoding: "utf8", timeout: 60_000 });
    expect(output).toMatch(/checks goalpost will run itself: npm test/);
    expect(output).toMatch(/close refused \(1 conditions\):\n {2}- goalpost has not run the checks \(`npm test`\) yet/);
    expect(output).toMatch(
      /goalpost's run: passed: `npm test`: node:test reports 1 passed, 0 failed \(bubblewrap\)\nthe goal is complete|the goal waits for the user: goalpost could not sandbox/,
    );
  });
});
