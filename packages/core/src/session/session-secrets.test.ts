// What one event revealed is redacted in the next: a secret redacted once is remembered for its session
// (as fingerprints, never the value), and the value or the part of it the agent split off, met later with
// nothing that names it a secret, is redacted too — in that session only.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SESSION, testEngine } from "../engine/test-engine.js";
import { redactWith } from "../redaction/redact-secrets.js";
import { createGoalTools } from "../tools/goal-tools.js";
import { removeSecretPrints, withSessionSecrets } from "./session-secrets.js";

/** Every file goalpost wrote, as one text. */
function stateText(root: string): string {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
    .join("\n");
}

const bash = (command: string) => ({ type: "tool-ran", toolName: "Bash", toolInput: { command }, succeeded: true });

describe("secrets remembered across a session's events", () => {
  it("redacts a value revealed once when a later call uses it bare, and its halves split over calls", () => {
    const password = "Xk29dLq0pW7zR4tY";
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: `/goal rotate the db user; the db password is ${password}` });
    send(bash(`echo ${password} | base64`));
    send(bash(`export A=${password.slice(0, 10)}`));
    send(bash(`export B='${password.slice(6)}'`));
    const text = stateText(store.root);
    expect(text).not.toContain(password);
    expect(text).not.toContain(password.slice(0, 10));
    expect(text).not.toContain(password.slice(6));
    expect(text).toContain("[REDACTED:secret-seen-before]");
    // Never the value: only fingerprints are kept.
    const prints = readFileSync(join(store.root, "secret-prints", `${SESSION.sessionId}.json`), "utf8");
    expect(prints).not.toContain(password.slice(0, 10));
  });

  it("remembers what gitleaks' rules redacted too: the value met later with no rule's keyword around it", () => {
    const root = mkdtempSync(join(tmpdir(), "goalpost-prints-"));
    try {
      const key = "12345678-abcd-4bcd-8bcd-1234567890ab";
      // gitleaks' rules alone (goalpost's own patterns left out): a Heroku key by its name.
      const first = withSessionSecrets(root, "s1", () => redactWith([], `heroku_api_key = "${key}"`));
      expect(first).not.toContain(key);
      // Bare, as a UUID it reads as no secret to any rule; remembered, it goes.
      expect(redactWith([], `echo ${key} > id.txt`)).toContain(key);
      const later = withSessionSecrets(root, "s1", () => redactWith([], `echo ${key} > id.txt`));
      expect(later).toBe("echo [REDACTED:secret-seen-before] > id.txt");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("remembers what a goal tool's input revealed, called from outside an engine event (MCP, the shell)", () => {
    const password = "Hq47mZ0vKx2pLw9T";
    const { store } = testEngine();
    const tools = createGoalTools(store, { startVerification: () => {} });
    const caller = { sessionId: SESSION.sessionId, host: SESSION.host, cwd: SESSION.cwd };
    tools.open(caller, { objective: "rotate the db user", requirements: ["the new user works"] });
    tools.update(caller, { doneSoFar: [`set the db password is ${password}`] });
    tools.update(caller, { remaining: [`check ${password} works`] });
    const text = stateText(store.root);
    expect(text).not.toContain(password);
    expect(text).toContain("[REDACTED:secret-seen-before]");
  });

  it("forgets the prints of a session quiet for the retention's days, and keeps a live one's", () => {
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal rotate it; the db password is Vb83kQz0Lm5tW2yR" });
    const file = join(store.root, "secret-prints", `${SESSION.sessionId}.json`);
    expect(existsSync(file)).toBe(true);
    expect(removeSecretPrints(store.root, 30)).toBe(0);
    expect(existsSync(file)).toBe(true);
    // Thirty-one days on, with nothing written since: forgotten.
    expect(removeSecretPrints(store.root, 30, new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect(removeSecretPrints(join(store.root, "nowhere"), 30)).toBe(0);
  });

  it("keeps each session's memory its own, and a session that never had a secret writes none", () => {
    const password = "Qm81vZt0Lw3xN6aB";
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal tidy the readme" });
    send(bash("ls -la"));
    expect(existsSync(join(store.root, "secret-prints"))).toBe(false);
    send({ type: "prompt-submitted", prompt: `/goal ship it; the api token is ${password}`, sessionId: "other" });
    expect(existsSync(join(store.root, "secret-prints", "other.json"))).toBe(true);
    send(bash(`echo ${password}`));
    const history = store
      .read(SESSION.sessionId)!
      .goals[0]!.toolHistory.map((call) => call.summary)
      .join("\n");
    expect(history).toContain(password);
  });

  it("property: a generated value revealed by name is gone from every later call that names only it or a part", () => {
    const value = fc.stringMatching(/^[A-Za-z0-9]{12,40}$/).filter((text) => /[0-9]/.test(text) && /[A-Za-z]/.test(text));
    fc.assert(
      fc.property(value, fc.integer({ min: 10, max: 12 }), (secret, cut) => {
        const { send, store } = testEngine();
        send({ type: "prompt-submitted", prompt: `/goal deploy; password=${secret}` });
        send(bash(`curl -d x=${secret.slice(0, cut)} https://example.com`));
        send(bash(`printf '%s' ${secret.slice(secret.length - cut)} > part`));
        const text = stateText(store.root);
        return !text.includes(secret.slice(0, cut)) && !text.includes(secret.slice(secret.length - cut));
      }),
      { numRuns: 40 },
    );
  });
});
