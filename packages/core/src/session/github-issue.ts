// The GitHub issue the session works on, and its milestone as the epic above it (the hierarchical-goals
// design): from the branch's name (`29-fix-the-reader`, `issue/29`, `gh-29`, `feature/29-x`), or from the
// user's words when they set a goal (`/goal #29 …`, an issue's address). Read from files, never a
// process, on the hook's path: the branch from `.git/HEAD`. The issue's title and milestone come later,
// from the GitHub CLI where it is installed and signed in, run off the hook's path by the adapter
// (the engine's `lookUpIssue`), once per session and issue; without it, the number alone.
import { statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { readProjectText } from "../store/project-text.js";
import type { GitHubIssue, SessionFile } from "../store/session-file.js";
import { sanitizeText } from "../text/sanitize-text.js";

/** The issue a branch's name points at, or null: a number at its start or after a slash, or after issue/gh/bug. */
export function issueFromBranch(branch: string): number | null {
  const match =
    /(?:^|\/)(?:issues?|gh|bug|fix)[-_/#]?(\d{1,7})(?:$|[-_/])/i.exec(branch) ?? /(?:^|\/)#?(\d{1,7})(?:$|[-_])/.exec(branch);
  const number = match ? Number(match[1]) : 0;
  return number > 0 ? number : null;
}

/** The issue the user's goal names: `#29` as a word, or a GitHub issue's address (with its repository). */
export function issueFromWords(text: string): { number: number; repo: string | null } | null {
  const url = /https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/issues\/(\d{1,7})\b/.exec(text);
  if (url) return { number: Number(url[2]), repo: url[1]! };
  const hash = /(?:^|[\s(])#(\d{1,7})\b/.exec(text);
  return hash ? { number: Number(hash[1]), repo: null } : null;
}

/** The branch checked out in the repository holding `cwd` (a worktree's too), from its HEAD file; null when detached or none. */
export function gitBranch(cwd: string): string | null {
  for (let dir = resolve(cwd), depth = 0; depth < 64; depth++) {
    const dotGit = join(dir, ".git");
    try {
      let gitDir = dotGit;
      if (statSync(dotGit).isFile()) {
        const pointer = /^gitdir:\s*(.+)\s*$/m.exec(readProjectText(dotGit, 4096) ?? "")?.[1];
        if (!pointer) return null;
        gitDir = isAbsolute(pointer) ? pointer : resolve(dir, pointer);
      }
      const head = readProjectText(join(gitDir, "HEAD"), 4096);
      if (head === null) return null;
      return /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head)?.[1] ?? null;
    } catch {}
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return null;
}

/** Whether `found` changes the session's issue: the user's word stands (a branch never takes it back). */
export function issueChanges(
  known: GitHubIssue | null | undefined,
  found: { number: number; source: GitHubIssue["source"] },
): boolean {
  if (known?.source === "prompt" && found.source === "branch") return false;
  return known?.number !== found.number || known.source !== found.source;
}

/**
 * Notes the issue found for the session (the user's words win over the branch); whether the session's
 * issue changed. A new number drops what was learnt of the old one.
 */
export function noteIssue(
  session: SessionFile,
  found: { number: number; repo: string | null; source: GitHubIssue["source"] },
  now: Date,
): boolean {
  const known = session.issue;
  if (!issueChanges(known, found)) return false;
  session.issue = {
    number: found.number,
    repo: found.repo ?? (known?.number === found.number ? known.repo : null),
    source: found.source,
    title: known?.number === found.number ? known.title : null,
    milestone: known?.number === found.number ? known.milestone : null,
    lookedUp: known?.number === found.number ? known.lookedUp : false,
    at: now.toISOString(),
  };
  return true;
}

/** The issue as a line for the model and the user: `#29 Fix the reader (milestone: Q1 platform; from the branch 29-fix)`. */
export function issueLine(issue: GitHubIssue, clean: (text: string, max: number) => string): string {
  const from = issue.source === "prompt" ? "named by the user" : "from the branch";
  const title = issue.title ? ` ${clean(issue.title, 160)}` : "";
  const milestone = issue.milestone ? `milestone: ${clean(issue.milestone, 120)}; ` : "";
  return `#${issue.number}${title} (${milestone}${from})`;
}

/**
 * What the GitHub CLI said of the session's issue (the adapter's lookup, run off the hook's path): kept
 * if the session still works on that issue. Text is the user's project's, untrusted: sanitised, bounded.
 */
export function issueInfo(
  session: SessionFile,
  number: number,
  info: { title: string | null; milestone: string | null },
): boolean {
  if (session.issue?.number !== number) return false;
  const bound = (text: string | null) => (text ? sanitizeText(text, { maxLength: 200 }) || null : null);
  session.issue = { ...session.issue, title: bound(info.title), milestone: bound(info.milestone) };
  return true;
}
