// One id per hook, made by the first client that handles it and carried through every fallback (the
// Perl client hands it to Node in HOOK_REQUEST_VARIABLE; a client hands it to the server in its
// request): a hook that is run again after a server died or timed out is then known as the same hook,
// and answered as it was the first time (see hook-ledger.ts). Node built-ins only: the loader bundles it.

/** Set by a client that already offered the hook to the server: the loader then runs it itself. */
const HOOK_REQUEST_VARIABLE = "GOALPOST_HOOK_REQUEST";

/** The client's one deadline for connecting and answering: a hook's work there takes ~5 ms. */
export const HOOK_DEADLINE_MS = 1_000;

/** A new hook's id: this process, the time and a random part (never reused within a session's memory of ids). */
export function newHookRequest(): string {
  return `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A request id as it may be used: a file's name (the server builds a path from it), so no separators, no dots. */
export const REQUEST_ID = /^[\w-]{1,80}$/;

/** The id a client before this one gave the hook, taken out of `env` (it is not the hook's environment). */
export function takeHookRequest(env: NodeJS.ProcessEnv): string | undefined {
  const request = env[HOOK_REQUEST_VARIABLE];
  delete env[HOOK_REQUEST_VARIABLE];
  return request && REQUEST_ID.test(request) ? request : undefined;
}

/** Set on globalThis by the loader: the hook's id, for the bundle it runs in this process. */
export const HOOK_REQUEST = Symbol.for("goalpost.hookRequest");

/** Set by the Perl client when something not goalpost's answered the server's socket: the user is told. */
const HOOK_NOTICE_VARIABLE = "GOALPOST_HOOK_NOTICE";
/** The notice, on globalThis for the bundle the loader runs. */
export const HOOK_NOTICE = Symbol.for("goalpost.hookNotice");

/** A client's notice for this hook, taken out of `env` (bounded: it is shown to the user). */
export function takeHookNotice(env: NodeJS.ProcessEnv): string | undefined {
  const notice = env[HOOK_NOTICE_VARIABLE];
  delete env[HOOK_NOTICE_VARIABLE];
  return notice ? notice.slice(0, 600) : undefined;
}

/**
 * Variables a client never hands to the hook server: by their names, secrets (no hook reads one). The
 * same pattern is in the Perl client (hook-client.pl). goalpost's own variables always go.
 */
export const SECRET_VARIABLE = /TOKEN|SECRET|PASSW|API_?KEY|PRIVATE|CREDENTIAL|COOKIE|AUTH/i;

/** The hook's environment as a client sends it to the server: without what looks like a secret. */
export function serverEnvironment(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith("GOALPOST_") || !SECRET_VARIABLE.test(name)));
}
