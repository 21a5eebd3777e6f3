// `<bin>-hook.cjs`, the entry a hook command runs when there is no start-up snapshot (or it did not
// load): runs the hook bundle beside it with a V8 code cache (see hook-code-cache.ts). Kept to these
// few lines and Node built-ins, since it is compiled on every plain hook before the bundle is.

import { CODE_CACHE_DIR_VARIABLE } from "./code-cache-protocol.js";
import { bundleOfLoader, runHookBundle } from "./hook-code-cache.js";

runHookBundle(bundleOfLoader(process.argv[1] ?? ""), process.env[CODE_CACHE_DIR_VARIABLE] || undefined);
