// The hook server's memory kept flat over a long session. Each hook leaves garbage (its payload, the
// session file read and parsed, the answer), and V8 grows its heap to hold garbage between full
// collections rather than collect often: measured over 5,000 hooks, the server's resident memory went
// 66 → 89 MB while what the heap kept alive grew by 0.7 MB. So once hooks pause (the model thinking, the
// user reading), a full collection runs, off every hook's path, and V8 gives the pages back.
import { loadBuiltin } from "../hook/load-builtin.js";

/** Quiet this long after a hook: the next is probably seconds away (a model's turn), and a full collection takes ~5 ms. */
const QUIET_MS = 1_000;

let collect: (() => void) | null | undefined;

/** V8's full collection, made callable in this process (`--expose-gc`, set at run time); null where V8 refuses. */
function fullCollection(): (() => void) | null {
  try {
    loadBuiltin<typeof import("node:v8")>("node:v8").setFlagsFromString("--expose-gc");
    const gc = loadBuiltin<typeof import("node:vm")>("node:vm").runInNewContext("gc") as unknown;
    return typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

/** Returns `afterHook`, to be called after each hook: a full collection follows once no hook has come for a while. */
export function collectWhenQuiet(): () => void {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      collect ??= fullCollection();
      collect?.();
    }, QUIET_MS);
    timer.unref();
  };
}
