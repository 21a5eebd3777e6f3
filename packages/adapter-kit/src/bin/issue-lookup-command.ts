// `<bin> issue-lookup <root> <session> <number> [<owner/name>]`: the detached process a hook starts
// (hook/issue-lookup-process.ts) to ask the GitHub CLI for an issue's title and milestone, in the
// project's folder, bounded in time; what it says is kept on the session if it still works on that
// issue. No gh, not signed in, offline, a slow network: nothing is written, the number alone stays.
import { spawnSync } from "node:child_process";
import { createGoalStore } from "@goalpost/core";
import { issueInfo } from "@goalpost/core/internal";

/** Longest the GitHub CLI may take: it runs off every hook's path, but should not linger. */
const GH_TIMEOUT_MS = 8_000;

export function runIssueLookupCommand(args: readonly string[]): number {
  const [root, sessionId, number, repo] = args;
  const issue = Number(number);
  if (!root || !sessionId || !Number.isInteger(issue) || issue <= 0) return 2;
  const gh = spawnSync("gh", ["issue", "view", String(issue), "--json", "title,milestone", ...(repo ? ["--repo", repo] : [])], {
    encoding: "utf8",
    timeout: GH_TIMEOUT_MS,
    env: { ...process.env, GH_PROMPT_DISABLED: "1", NO_COLOR: "1" },
  });
  if (gh.status !== 0) return 0;
  let said: { title?: unknown; milestone?: { title?: unknown } | null };
  try {
    said = JSON.parse(gh.stdout) as typeof said;
  } catch {
    return 0;
  }
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);
  const store = createGoalStore({ root, warn: () => {} });
  const session = store.read(sessionId);
  if (!session) return 0;
  store.update({ sessionId, host: session.host, cwd: session.cwd }, (state) => {
    issueInfo(state, issue, { title: text(said.title), milestone: text(said.milestone?.title) });
  });
  return 0;
}
