// What the engine asks of the adapter to learn an issue's title and milestone (github-issue-notice.ts),
// apart from the notice itself so that the engine's context can name it without importing the handler.
export interface IssueLookupRequest {
  /** The store the session lives in. */
  readonly root: string;
  readonly sessionId: string;
  /** The project's folder: the GitHub CLI finds the repository from it. */
  readonly cwd: string;
  readonly number: number;
  /** `owner/name` when the user's words named it (an issue's address); null: the folder's repository. */
  readonly repo: string | null;
}

export type LookUpIssue = (request: IssueLookupRequest) => void;
