// What the hook command, the hook loader and the hook bundle agree on about the code cache (see
// hook-code-cache.ts). Constants only: the hook command is built on the hook path too.

/** The variable a hook command sets to the folder of the hook loader's code cache; unset, no cache is read or made. */
export const CODE_CACHE_DIR_VARIABLE = "GOALPOST_CODE_CACHE";

/**
 * Set on globalThis by the loader when this process will make the code cache as it exits: the bundle
 * then runs its warm-up after answering, so the cache holds every event's code, not only this one's.
 */
export const MAKING_CODE_CACHE = Symbol.for("goalpost.makingCodeCache");
