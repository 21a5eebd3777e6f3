// A Node built-in loaded when first needed, not when the module that uses it loads: on the hook path
// some built-ins cost milliseconds to load (node:v8 brings node:stream) and most hooks never need them.
import { createRequire } from "node:module";

/** A built-in resolves the same from any path; this one works in the CommonJS and the ESM bundle alike. */
const requireBuiltin = createRequire(process.execPath);

export function loadBuiltin<T>(name: `node:${string}`): T {
  return requireBuiltin(name) as T;
}
