// `npm run setup`'s last step: a `goalpost` command on the PATH that runs this checkout's CLI, so the
// README's second command (`goalpost install`) works as written. It is a two-line shell script in npm's
// global bin folder (where `npm install -g` would put the released one), marked as ours: a `goalpost`
// that is not ours is never replaced, and a folder we cannot write gets the alias line instead.
// Built-ins only: it runs right after the build, before anything else is trusted.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";

const MARK = "# written by goalpost's `npm run setup`";

/** npm's global bin folder, as npm itself says it (null when npm cannot say). */
export function npmGlobalBin(env = process.env) {
  try {
    const prefix = execFileSync("npm", ["prefix", "--global"], { encoding: "utf8", env, timeout: 30_000 }).trim();
    return process.platform === "win32" ? prefix : join(prefix, "bin");
  } catch {
    return null;
  }
}

/**
 * Puts `goalpost` in `binDir`, running `cli` with this Node; says what it did, in one or two lines.
 * Returns { placed, message }.
 */
export function putOnPath({ cli, binDir, node = process.execPath, env = process.env }) {
  const alias = `alias goalpost="${node} ${cli}"`;
  if (process.platform === "win32" || !binDir)
    return { placed: false, message: `goalpost is not on your PATH; to use it from this checkout: ${alias}` };
  const target = join(binDir, "goalpost");
  if (existsSync(target) && !readFileSync(target, "utf8").includes(MARK))
    return {
      placed: false,
      message: `${target} is another goalpost (not this checkout's), left as it is; to use this checkout's: ${alias}`,
    };
  try {
    // A prefix npm has never installed into globally has no bin folder yet: made as npm would make it.
    if (!existsSync(binDir)) mkdirSync(binDir, { recursive: true });
    writeFileSync(target, `#!/bin/sh\n${MARK}; delete this file to take it away\nexec "${node}" "${cli}" "$@"\n`);
    chmodSync(target, 0o755);
  } catch (error) {
    return { placed: false, message: `could not write ${target} (${error.code ?? error.message}); instead: ${alias}` };
  }
  const onPath = (env.PATH ?? "").split(delimiter).includes(binDir);
  const where = `${target}, running this checkout: keep it where it is`;
  return {
    placed: true,
    message: onPath
      ? `\`goalpost\` is on your PATH (${where})`
      : `\`goalpost\` is in ${binDir} (${where}), which is not on your PATH yet: add it, or ${alias}`,
  };
}
