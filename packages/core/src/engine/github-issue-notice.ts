// Finding the session's issue as its events arrive (github-issue.ts): at its start and at each of the
// user's prompts, from the branch checked out, or from the goal's words when the prompt sets one. A
// branch checked out later that names no issue ends one a branch named (a detached HEAD does not). A new
// issue is looked up once — its title and milestone — by the adapter, off the hook's path (the engine's
// `lookUpIssue`; nothing where none is given, and the number alone is kept).

import { gitBranch, issueChanges, issueFromBranch, issueFromWords, noteIssue } from "../session/github-issue.js";
import type { EngineContext } from "./engine-context.js";
import type { EngineEvent } from "./engine-event.js";

export function noticeIssue(context: EngineContext, event: EngineEvent, words: string | null): void {
  if (event.subagent) return;
  const named = words ? issueFromWords(words) : null;
  const branch = named ? null : gitBranch(event.cwd);
  const number = named?.number ?? (branch ? issueFromBranch(branch) : null);
  if (!number) {
    // On a branch that names no issue now: an issue the branch named before is no longer the work's.
    if (branch && context.store.peek(event.sessionId)?.issue?.source === "branch")
      context.store.update(context.identityOf(event), (state) => {
        if (state.issue?.source === "branch") state.issue = null;
      });
    return;
  }
  const source = named ? ("prompt" as const) : ("branch" as const);
  const known = context.store.peek(event.sessionId)?.issue;
  // Nothing new and looked up already: no write on the hook's path.
  if (known?.lookedUp && !issueChanges(known, { number, source })) return;
  const { result: lookup } = context.store.update(context.identityOf(event), (state) => {
    noteIssue(state, { number, repo: named?.repo ?? null, source }, context.now());
    const issue = state.issue;
    if (!issue || issue.lookedUp) return null;
    state.issue = { ...issue, lookedUp: true };
    return { root: context.store.root, sessionId: event.sessionId, cwd: event.cwd, number: issue.number, repo: issue.repo };
  });
  if (lookup) context.lookUpIssue(lookup);
}
