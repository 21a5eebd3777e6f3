// Go's build cache inside the walls. The home a check sees is empty, so Go built every package again each
// run — gorilla/mux's `go test -race` took 30 s where the user's shell, with its cache, takes 1 s. Go will
// not use a read-only cache (it fails opening an entry for writing), and a writable one would let a check
// plant an entry the user's own builds later trust. So the run gets a cache of its own whose entries are
// links to the user's, which are in sight read-only at another path: Go reads a hit through its link,
// writes what it builds anew into the run's folder (thrown away with it), and cannot write the user's.
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { isInside } from "@goalpost/core/internal";

/** More entries than this are not linked (about 15 µs each): the run then builds with an empty cache. */
const ENTRY_LIMIT = 40_000;

/**
 * Where the user's Go build cache is: `GOCACHE`, or the user's cache folder's `go-build` (Go's default) —
 * only under the home, whose walls are the run's own folder, where the user's entries can be put in sight
 * beside it (elsewhere the system's folders are read-only and hold no place for them).
 */
export function goBuildCache(home: string, env: Readonly<Record<string, string | undefined>>): string | null {
  const set = env["GOCACHE"];
  if (set === "off") return null;
  const xdg = env["XDG_CACHE_HOME"];
  const path = set && isAbsolute(set) ? set : join(xdg && isAbsolute(xdg) ? xdg : join(home, ".cache"), "go-build");
  return isInside(home, path) && path !== home && existsSync(join(path, "README")) ? path : null;
}

/** Whether the checks build Go: a go.mod where they run, or `go` in a check's command. */
export function buildsGo(commands: readonly string[], folders: readonly string[]): boolean {
  return (
    commands.some((command) => /(?:^|[\s;&|(])go\s/.test(command)) || folders.some((folder) => existsSync(join(folder, "go.mod")))
  );
}

/**
 * bubblewrap's arguments for Go's build cache at `cache` in the walls: the user's cache read-only at
 * `${cache}.user`, and over `cache` a folder of the run's own holding a link to each of its entries. Go's
 * trim stamp is left out: Go writes its own (trimming removes only the run's links). None where the
 * cache has more entries than are worth linking.
 */
export function goBuildCacheArguments(runDir: string, cache: string): string[] {
  const own = join(runDir, "go-build");
  const seen = `${cache}.user`;
  const binds = ["--ro-bind", cache, seen, "--bind", own, cache];
  // Walls built again for the same run (npm's cache retried, run-checks.ts) keep the links made first.
  if (existsSync(own)) return binds;
  const subfolders = readdirSync(cache, { withFileTypes: true });
  let entries = 0;
  const plan: [string, string[]][] = [];
  for (const folder of subfolders) {
    if (!folder.isDirectory()) continue;
    const names = readdirSync(join(cache, folder.name));
    entries += names.length;
    if (entries > ENTRY_LIMIT) return [];
    plan.push([folder.name, names]);
  }
  mkdirSync(own, { recursive: true, mode: 0o700 });
  for (const [folder, names] of plan) {
    mkdirSync(join(own, folder));
    for (const name of names) symlinkSync(join(seen, folder, name), join(own, folder, name));
  }
  for (const file of ["README", "testexpire.txt"])
    if (statSync(join(cache, file), { throwIfNoEntry: false })?.isFile()) symlinkSync(join(seen, file), join(own, file));
  return binds;
}
