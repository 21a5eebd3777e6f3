// The hook run in Node (no hook server to ask), with a V8 code cache.
// A hook compiles the whole bundle before it answers; V8 can instead take the bytecode it
// produced last time (`vm.Script` with `cachedData`), measured at −20 ms a hook. The cache is made by
// the first plain hook, after it has answered and warmed up every event's code, and kept in the
// state root's fast-path folder, one file per Node version and bundle. It is only ever a speed-up: a
// cache that is missing, unreadable, stale or refused by V8 costs one compile, and a cache that
// cannot be written costs nothing more.
//
// V8 checks only a cache's V8 version, flags and source *length*, so the file's first line is the
// bundle's fingerprint (bundle-fingerprint.ts): a new bundle of the same length never runs an old
// one's bytecode.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";
import { hookBundlePath } from "../installing/hook-command.js";
import { bundleFingerprint } from "./bundle-fingerprint.js";
import { MAKING_CODE_CACHE } from "./code-cache-protocol.js";

/** The hook bundle a loader runs: `<bin>-hook.cjs` runs `<bin>-hook-bundle.cjs` beside it. */
export const bundleOfLoader = (loader: string) => hookBundlePath(binOfLoader(loader), loader);

/** The bin a loader belongs to: `<bin>-hook.cjs`. */
export const binOfLoader = (loader: string) => basename(loader).replace(/-hook\.cjs$/, "");

/** One cache file per Node binary and bundle name. */
export const codeCachePath = (dir: string, bundle: string) =>
  join(dir, `${basename(bundle, ".cjs")}-${process.version}-${process.platform}-${process.arch}.code-cache`);

/** The cached bytecode, if the file was made from this bundle; the stamp is the file's first line. */
function readCache(file: string, stamp: string): Buffer | undefined {
  try {
    const data = readFileSync(file);
    const stampBytes = Buffer.byteLength(stamp);
    return data.subarray(0, stampBytes).toString("latin1") === stamp ? data.subarray(stampBytes) : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(file: string, stamp: string, data: Buffer): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([Buffer.from(stamp, "latin1"), data]), { mode: 0o600 });
    renameSync(temporary, file); // concurrent hooks each write whole files; the last one wins
  } catch {
    rmSync(temporary, { force: true }); // a full disk leaves no half-written cache behind (no cache is no fault)
  }
}

/**
 * Runs the CommonJS hook bundle as Node would (`require`), compiled from the code cache in `cacheDir`
 * when there is a good one; when there is not, one is made as the process exits, after the answer.
 */
export function runHookBundle(bundle: string, cacheDir: string | undefined): void {
  const source = readFileSync(bundle, "utf8");
  let stamp = "";
  let cachedData: Buffer | undefined;
  if (cacheDir) {
    try {
      stamp = `${bundleFingerprint(bundle)}\n`;
      cachedData = readCache(codeCachePath(cacheDir, bundle), stamp);
    } catch {}
  }
  // Node's own CommonJS wrapper, so the bundle sees what `require` would give it.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
    filename: bundle,
    cachedData,
  });
  if (cacheDir && stamp && (!cachedData || script.cachedDataRejected)) {
    (globalThis as Record<symbol, unknown>)[MAKING_CODE_CACHE] = true;
    // After the answer (and the bundle's warm-up): the hook ends with process.exit, and 'exit' listeners run before it returns.
    process.once("exit", () => {
      try {
        writeCache(codeCachePath(cacheDir, bundle), stamp, script.createCachedData());
      } catch {}
    });
  }
  const module = { exports: {} };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}
