// Acme keeps its home in $ACME_HOME or ~/.acme; goalpost's state goes in <home>/goalpost unless
// GOALPOST_HOME says otherwise. The hook loader is built with this module: it imports nothing else.
import { homedir } from "node:os";
import { join } from "node:path";
import type { Env } from "@goalpost/core";
import { resolveStoreRoot } from "@goalpost/core/store-root";

export const acmeHome = (env: Env = process.env) => env["ACME_HOME"] || join(env["HOME"] || homedir(), ".acme");

export const goalpostStateRoot = (env: Env = process.env) => resolveStoreRoot(join(acmeHome(env), "goalpost"), env);
