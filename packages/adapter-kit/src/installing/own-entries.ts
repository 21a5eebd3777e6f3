// One recogniser of goalpost's own entries in a host's configuration, used by install (to replace
// them), uninstall (to remove exactly them) and doctor (to find them): a hook command or an MCP
// server entry that runs the adapter's bin.

export interface OwnEntries {
  /**
   * A hook command line that reads or runs `<bin>-hook.sh` (the script), `<bin> hook …` (a shared
   * scope's bin by name) or `<bin>-hook.cjs hook …` (Windows), and the longer forms of earlier builds
   * (`<bin>-snapshot.cjs hook …`), which install replaces.
   */
  isOwnCommand(command: unknown): boolean;
  /** An MCP server entry whose command or arguments run `<bin> mcp`. */
  isOwnServer(entry: unknown): boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function ownEntries(bin: string): OwnEntries {
  const command = new RegExp(
    `\\.\\s+"\\$h/${escapeRegExp(bin)}-hook\\.sh"|${escapeRegExp(bin)}(?:(?:-snapshot|-hook)?(?:\\.[cm]?js)?["']?\\s+(?:hook|mcp)\\b|-hook\\.sh["']?\\s+\\w)`,
  );
  const binFile = new RegExp(`(?:^|[\\\\/])${escapeRegExp(bin)}(?:\\.[cm]?js)?$`);
  return {
    isOwnCommand: (text) => typeof text === "string" && command.test(text),
    isOwnServer(entry) {
      if (typeof entry !== "object" || entry === null) return false;
      const { command: program, args } = entry as { command?: unknown; args?: unknown };
      const words = [program, ...(Array.isArray(args) ? args : [])];
      return words.some((word) => typeof word === "string" && binFile.test(word));
    },
  };
}
