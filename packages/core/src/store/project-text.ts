// The one rule for every file a hook reads from the project (a cloned repository decides what is
// there): read only a regular file, opened without waiting, and at most `limit` bytes of it. A FIFO, a
// device, a link to /dev/zero or a socket at a path goalpost reads (the goal file, package.json, a
// Makefile, a workflow, .gitignore, .git/HEAD) is read as nothing — never a hook that hangs or grows.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/** The file's first `limit` bytes, or null where it is missing, no regular file, or unreadable. */
export function readProjectBytes(path: string, limit: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    const buffer = Buffer.alloc(limit);
    return buffer.subarray(0, readSync(fd, buffer, 0, limit, 0));
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** A project file's text within `limit` bytes (1 MB: any manifest, workflow or Makefile), or null (readProjectBytes). */
export function readProjectText(path: string, limit = 1024 * 1024): string | null {
  return readProjectBytes(path, limit)?.toString("utf8") ?? null;
}
