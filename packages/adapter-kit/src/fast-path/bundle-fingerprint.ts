// Which build of a hook bundle a file made from it (a code cache) or a process running it (the hook
// server) came from. npm gives every published file the same mtime, so the package's
// version is part of it; size and mtime catch local rebuilds.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/** `<size>:<mtime>:<version>` of a bundle in a package's dist/ folder; throws when the bundle is missing. */
export function bundleFingerprint(bundle: string): string {
  const { size, mtimeMs } = statSync(bundle);
  let version = "";
  try {
    version =
      (JSON.parse(readFileSync(join(dirname(bundle), "..", "package.json"), "utf8")) as { version?: string }).version ?? "";
  } catch {}
  return `${size}:${mtimeMs}:${version}`;
}
