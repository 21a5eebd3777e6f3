// Where goalpost keeps its state: the root an adapter picks inside its host's home (so a fake host
// home isolates a test completely), unless GOALPOST_HOME says otherwise.

import { resolve } from "node:path";
import type { Env } from "../base/env.js";

export function resolveStoreRoot(defaultRoot: string, env: Env = process.env): string {
  const override = env["GOALPOST_HOME"]?.trim();
  return resolve(override ? override : defaultRoot);
}
