// The command line a host runs for a hook. With a start-up snapshot the shell falls back to the
// plain bin whenever the snapshot does not load (a Node upgrade, an older goalpost): slower, never
// broken. Snapshot commands use POSIX shell syntax, so Windows hooks start plainly.

const quote = (path: string) => (/[\s"'$`\\]/.test(path) ? `"${path.replace(/(["\\$`])/g, "\\$1")}"` : path);

export function hookCommand(cliPath: string, event: string, snapshotBlob?: string): string {
  const plain = `node ${quote(cliPath)} hook ${event}`;
  // NODE_OPTIONS is cleared for the snapshot: V8 flags in it (say --max-old-space-size) make a snapshot refuse to load.
  return snapshotBlob
    ? `NODE_OPTIONS= node --snapshot-blob ${quote(snapshotBlob)} ${quote(cliPath)} hook ${event} || ${plain}`
    : plain;
}

/** Whether hook commands on this platform may use the snapshot form. */
export const snapshotsSupported = (platform: NodeJS.Platform = process.platform) => platform !== "win32";
