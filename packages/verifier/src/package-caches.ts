// npm's cache inside the walls. A check has no network, so what npm or npx fetches must come from the
// user's cache — an `npx` of a tool the user has run before, a pinned package manager — but npm rewrites
// its cache's index as it reads it (make-fetch-happen compacts a bucket on every lookup), so a read-only
// cache is no cache to npm, and a writable one would let a check plant an index entry the user's own npm
// later trusts. So a run gets a copy of the index of its own (thrown away with the run) over the user's
// content and npx installs, read-only: content is read by its hash, which npm checks.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { scriptsOf, trustedProgram } from "@goalpost/core/internal";

/** An index larger than this is not copied (the copy costs a run about 60 ms a MB): npm then finds no cache offline. */
const INDEX_COPY_LIMIT = 64 * 1024 * 1024;

function folderSize(path: string, limit: number): number {
  let total = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (total > limit) return;
      const child = join(dir, entry.name);
      if (entry.isDirectory()) visit(child);
      else total += statSync(child, { throwIfNoEntry: false })?.size ?? 0;
    }
  };
  try {
    visit(path);
  } catch {}
  return total;
}

const FETCHES = /\b(?:npx|npm\s+exec|pnpm\s+dlx|yarn\s+dlx|bunx)\b|["'`]npx["'`]/;

/** `npx tap`, `npm exec -- tap`, `npx --yes tap`: the program it names, when it names one without a package to fetch. */
const NAMED_BIN =
  /\b(?:npx|npm\s+exec)((?:\s+(?:--yes|-y|--no|--no-install|--offline|--prefer-offline|--quiet|-q|--))*)\s+([@\w][\w./@-]*)/g;

/**
 * Whether each `npx`/`npm exec` in `text` runs a program the project has installed (`node_modules/.bin`
 * in one of `folders`), which npm runs without its cache — an `npx tap` in a project with tap — and no
 * other fetching command is there. A copy of the index costs a run a second or more.
 */
function onlyInstalledBins(text: string, folders: readonly string[]): boolean {
  const found = [...text.matchAll(NAMED_BIN)];
  if (found.length === 0) return false;
  const installed = (bin: string) =>
    !bin.includes("@", 1) && folders.some((folder) => existsSync(join(folder, "node_modules", ".bin", bin)));
  if (!found.every((match) => installed(match[2] ?? ""))) return false;
  // Nothing else that fetches is left once the installed programs' runs are taken out.
  return !FETCHES.test(text.replace(NAMED_BIN, " "));
}

const fetchesIn = (text: string, folders: readonly string[]) => FETCHES.test(text) && !onlyInstalledBins(text, folders);

/** A script file a package.json script runs (`node scripts/run.mjs test`), as a path in `folder`. */
const SCRIPT_FILE = /(?:^|[\s;&|])(?:node\s+|sh\s+|bash\s+|\.\/)?((?:\.\/)?[\w./-]+\.(?:[cm]?js|sh))\b/g;

/** Whether the scripts of `folder`'s package.json, or the script files they run, fetch packages. */
function scriptsFetch(folder: string, bins: readonly string[]): boolean {
  const scripts = Object.values(scriptsOf(folder) ?? {}).filter((value) => typeof value === "string");
  if (scripts.some((script) => fetchesIn(script, bins))) return true;
  // One level down: the files the scripts run, inside the project (goalpost's own `npm test` runs
  // scripts/run.mjs, which runs its pinned pnpm through npx).
  const files = new Set(scripts.flatMap((script) => [...script.matchAll(SCRIPT_FILE)].map((found) => found[1]!)));
  for (const file of files) {
    if (file.startsWith("/") || file.includes("..") || file.includes("node_modules")) continue;
    try {
      const text = readFileSync(join(folder, file), "utf8");
      if (text.length < 512 * 1024 && fetchesIn(text, bins)) return true;
    } catch {}
  }
  return false;
}

/**
 * Whether a check will ask npm's cache for a package: an `npx`, `npm exec`, `pnpm dlx` or `yarn dlx` in
 * the checks, in the project's scripts or in the script files they run — but not an `npx tap` where the
 * project has tap installed. Only then is the index copied (tens of MB take a second or two); running a
 * script needs no cache. A test that itself runs npx is
 * not seen: its run finds no cache offline (core's docs/verifier.md).
 */
export function fetchesPackages(commands: readonly string[], folders: readonly string[]): boolean {
  if (commands.some((command) => fetchesIn(command, folders))) return true;
  return folders.some((folder) => scriptsFetch(folder, folders));
}

/**
 * A copy of `from` at `to`: the system's `cp` where there is one (a 32 MB index of 3,900 files in 0.7 s,
 * where node's cpSync takes 3.4 s), node's otherwise.
 */
function copyFolder(from: string, to: string): void {
  const cp = trustedProgram("cp");
  if ("path" in cp && spawnSync(cp.path, ["-R", "--", from, to], { stdio: "ignore" }).status === 0) return;
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

/**
 * Whether a check's reason for not running is npm finding no package in the cache it was given
 * (`ENOTCACHED`, "cache mode is 'only-if-cached'"): a fetch the scripts did not show (a test, or a tool
 * the scripts run, that installs a package), which the user's shell would have made. The run is made
 * again with the user's cache (run-checks.ts).
 */
export function missedPackageCache(reason: string | null | undefined): boolean {
  return !!reason && /\bENOTCACHED\b|cache mode is 'only-if-cached'/.test(reason);
}

/**
 * bubblewrap's arguments for npm's cache at `~/.npm` in the walls: a folder of the run's own there — npm
 * writes its logs, temporary files and packed tarballs under it (`npm pack` in a `pretest` stopped with
 * EROFS on a read-only cache, where the user's shell passes) — with the user's npx installs read-only
 * inside and, when a check will fetch (`withIndex`), a copy of the index over the user's content,
 * read-only. None where the user has no cache.
 */
export function npmCacheArguments(runDir: string, home: string, withIndex: boolean): string[] {
  const cache = join(home, ".npm");
  if (!existsSync(cache)) return [];
  const index = join(cache, "_cacache", "index-v5");
  const content = join(cache, "_cacache", "content-v2");
  const copy = join(runDir, "npm");
  mkdirSync(join(copy, "_cacache"), { recursive: true, mode: 0o700 });
  const args = ["--bind", copy, cache];
  // Without an index nothing is looked up by name, so the content stays out and the cache is wholly the
  // run's: what npm stores (`npm pack` puts its tarball there) is thrown away with it.
  if (withIndex && existsSync(index) && existsSync(content) && folderSize(index, INDEX_COPY_LIMIT) <= INDEX_COPY_LIMIT) {
    copyFolder(index, join(copy, "_cacache", "index-v5"));
    args.push("--ro-bind", content, content);
  }
  const npx = join(cache, "_npx");
  if (existsSync(npx)) args.push("--ro-bind", npx, npx);
  return args;
}
