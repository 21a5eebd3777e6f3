// The report in a real headless Chromium (Debian's `chromium`; CI installs it, and this test says so
// and skips where there is none): a recorded session's page renders without console errors or any
// request beyond itself, its timeline holds every recorded event, goal text is inert data, and the
// screenshot shows what the page means — checked by its content (the red of failures and denials, the
// green of evidence), not pixel by pixel.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import { createGoal, type SessionFile } from "@goalpost/core/internal";
import { PNG } from "pngjs";
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));

function findChromium(): string | null {
  const candidates = [process.env["CHROMIUM_PATH"], "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path!)) ?? null;
}
const chromium = findChromium();
if (!chromium)
  process.stderr.write(
    "report.browser.test: no Chromium found (/usr/bin/chromium, or CHROMIUM_PATH); the browser test is skipped. `apt-get install chromium` to run it.\n",
  );

describe.skipIf(!chromium)("the report in headless Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await puppeteer.launch({
      executablePath: chromium!,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
  });
  afterAll(async () => {
    await browser?.close();
    removeTestdirs();
  });

  /** Opens a page and records everything that would betray a broken or leaky page. */
  async function open(file: string) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const problems: string[] = [];
    const requests: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warn") problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${String(error)}`));
    page.on("dialog", (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    return { page, problems, requests };
  }

  it("shows every event of a recorded session, without errors or requests, and looks like what it says", async () => {
    const out = testdir({});
    const demo = execFileSync(process.execPath, [bin, "demo", "claude-code", "--keep", "--out", out], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    const stateFile = /goal file: (\S+)/.exec(demo)?.[1] ?? "";
    const session = JSON.parse(readFileSync(stateFile, "utf8")) as SessionFile;
    const goal = session.goals.at(-1)!;
    const file = join(out, "claude-code.html");
    const { page, problems, requests } = await open(file);
    expect(problems).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);

    // Every recorded event is on the timeline: captured, each history event, each tool call, each
    // receipt, each compaction.
    const kinds = await page.$$eval("#timeline [data-kind]", (items) =>
      items.map((item) => item.getAttribute("data-kind")).filter((kind) => kind !== "tools"),
    );
    expect(kinds.length).toBe(
      1 + goal.history.length + goal.toolHistory.length + goal.receipts.length + session.compactions.length,
    );
    for (const event of goal.history) expect(kinds).toContain(event.type);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "captured",
        "drift-warned",
        "drift-denied",
        "stop-blocked",
        "refused",
        "restored",
        "compacted",
        "receipt",
        "verifying",
        "verified",
        "closed",
      ]),
    );
    // goalpost's own run of the user's checks: what it ran, where, and what the runner said.
    const checks = await page.$eval("#checks", (node) => node.textContent ?? "");
    expect(checks).toMatch(/npm test/);
    expect(checks).toMatch(/passed — `npm test`: node:test reports 2 passed, 0 failed/);
    expect(checks).toMatch(/sandbox: (?:bubblewrap|none \(allowed by the user\))/);
    expect(kinds.filter((kind) => kind === "tool")).toHaveLength(goal.toolHistory.length);
    // The cards count what the timeline shows.
    const cards = await page.$$eval("[data-count]", (items) =>
      Object.fromEntries(items.map((item) => [item.getAttribute("data-count"), Number(item.querySelector("b")?.textContent)])),
    );
    // The agent's receipts both said "passed"; goalpost's own first run failed the close (refused),
    // and the stop after it was blocked.
    expect(cards).toMatchObject({
      "passing receipts": 2,
      "failing receipts": 0,
      denials: 1,
      "drift warnings": 2,
      "closes refused": 2,
    });
    // Two at least: on a busy machine a stop may also be held while goalpost still runs the checks.
    expect(cards["stops blocked"]).toBeGreaterThanOrEqual(2);
    expect(await page.$eval("#status", (node) => node.textContent)).toBe("complete");
    expect(await page.$$eval("[data-requirement] .covered", (items) => items.length)).toBe(2);
    // Tool calls are grouped between updates, and open to read.
    await page.$$eval("details", (items) => {
      for (const item of items) item.setAttribute("open", "");
    });
    expect(await page.$$eval("ol.calls li", (items) => items.length)).toBe(goal.toolHistory.length);

    // The screenshot: a page with content, the red of the failed run, denial and refusals, and
    // the green of the passing receipt and the covered requirements.
    const png = PNG.sync.read(Buffer.from(await page.screenshot({ fullPage: true, type: "png" })));
    expect(png.width).toBe(1280);
    expect(png.height).toBeGreaterThan(900);
    let red = 0;
    let green = 0;
    let ink = 0;
    for (let offset = 0; offset < png.data.length; offset += 4) {
      const [r, g, b] = [png.data[offset]!, png.data[offset + 1]!, png.data[offset + 2]!];
      if (r > 180 && g < 70 && b < 80) red += 1;
      if (r < 60 && g > 100 && g < 160 && b < 90) green += 1;
      if (r + g + b < 300) ink += 1;
    }
    const pixels = png.width * png.height;
    expect(red).toBeGreaterThan(200);
    expect(green).toBeGreaterThan(200);
    expect(ink / pixels).toBeGreaterThan(0.005);
    expect(ink / pixels).toBeLessThan(0.5);
    await page.close();
  });

  it("renders hostile goal text as text: no script runs, no element is injected", async () => {
    const home = testdir({ state: {}, project: {} });
    const root = join(home, "state");
    const hostile = `</title><script>alert("objective")</script><img src=x onerror="alert('img')"> & "quotes"`;
    const identity = { sessionId: "evil-1", host: "claude-code", cwd: join(home, "project") };
    const goal = createGoal({
      ...identity,
      objective: hostile,
      source: "api",
      remaining: ['<b onmouseover="alert(1)">hover</b>'],
    });
    createGoalStore({ root }).update(identity, (state) => {
      state.goals.push({
        ...goal,
        toolHistory: [{ at: goal.createdAt, tool: "Bash", kind: "inspection", summary: "cat '<iframe src=//x>'" }],
      });
    });
    const file = join(home, "report.html");
    execFileSync(process.execPath, [bin, "report", goal.id, "--root", root, "--out", file]);
    const { page, problems, requests } = await open(file);
    expect(problems).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(await page.$$eval("script, img, iframe, b[onmouseover]", (items) => items.length)).toBe(0);
    expect(await page.$eval("#objective", (node) => node.textContent)).toBe(hostile);
    expect(await page.title()).toContain("</title><script>");
    await page.close();
  });
});
