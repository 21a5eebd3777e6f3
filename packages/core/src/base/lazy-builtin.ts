// A Node built-in loaded when first needed, not when the module that uses it loads: core is on every
// hook's path, and some built-ins cost a hook milliseconds to load (node:crypto pulls in streams,
// node:child_process more). Node 20.16+ hands out its own cached copy; before that, a require does.
import { createRequire } from "node:module";

let requireBuiltin: NodeJS.Require | undefined;

export function loadBuiltin<T>(name: `node:${string}`): T {
  const given = process.getBuiltinModule?.(name) as T | undefined;
  if (given) return given;
  requireBuiltin ??= createRequire(`${process.cwd()}/`);
  return requireBuiltin(name) as T;
}
