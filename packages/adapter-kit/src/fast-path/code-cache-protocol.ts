// What the hook loader and the hook bundle agree on about the code cache (see code-cache.ts).
// A constant only: both are on the hook path.

/**
 * Set on globalThis by the loader when this process will make the code cache as it exits: the bundle
 * then runs its warm-up after answering, so the cache holds every event's code, not only this one's.
 */
export const MAKING_CODE_CACHE = Symbol.for("goalpost.makingCodeCache");
