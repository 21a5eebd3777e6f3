// The status line command install writes into a host's settings (Claude Code's statusLine, Copilot
// CLI's):
//
//   /bin/sh <dist>/<bin>-status-line.sh <state root> ['<the user's own status line command>' [goalpost-refresh]]
//
// /bin/sh, as a word and not `h=…; . …`: Copilot CLI resolves $VARIABLES in this command before its
// shell sees it. The user's own command, when install found one, is the next word, exactly as
// shellWord wrote it, so uninstall puts back the very text it replaced (userStatusLine). The last word,
// when there, records that goalpost gave the user's line the host's redraw timer, which the user's
// settings did not have: uninstall takes that out again, and only that (the script never reads it).
import { shellWord } from "./hook-command.js";

/** The word that says goalpost set the host's redraw timer on a line of the user's. */
const REFRESH_ADDED = "goalpost-refresh";

export function statusLineCommand(dist: string, bin: string, root: string, theirs: string | null, refreshAdded = false): string {
  return [
    `/bin/sh ${dist}/${bin}-status-line.sh ${root}`,
    ...(theirs ? [shellWord(theirs), ...(refreshAdded ? [REFRESH_ADDED] : [])] : []),
  ].join(" ");
}

/** Whether goalpost's status line command says goalpost set the redraw timer on the user's line. */
export const refreshAdded = (command: unknown, bin: string): boolean =>
  typeof command === "string" && userStatusLine(command, bin) !== undefined && command.endsWith(` ${REFRESH_ADDED}`);

/** The words of a line as shellWord writes them: bare, or '…' and "…" pieces run together. Null for anything else. */
function shellWords(text: string): string[] | null {
  const words: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === " ") {
      i++;
      continue;
    }
    let word = "";
    while (i < text.length && text[i] !== " ") {
      const quote = text[i];
      if (quote === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) return null;
        word += text.slice(i + 1, end);
        i = end + 1;
      } else if (quote === '"') {
        i++;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === "\\" && (text[i + 1] === "\\" || text[i + 1] === '"')) i++;
          word += text[i++];
        }
        if (i >= text.length) return null;
        i++;
      } else if (/[\w@%+=:,./-]/.test(quote!)) {
        word += quote;
        i++;
      } else return null;
    }
    words.push(word);
  }
  return words;
}

/**
 * The user's own command inside goalpost's status line command: null when goalpost's holds none,
 * undefined when `command` is not goalpost's (the user's, or changed since by hand beyond reading).
 */
export function userStatusLine(command: unknown, bin: string): string | null | undefined {
  if (typeof command !== "string") return undefined;
  const words = shellWords(command);
  if (words?.[0] !== "/bin/sh" || !words[1]?.endsWith(`/${bin}-status-line.sh`)) return undefined;
  if (words.length === 3) return null;
  const marked = words.length === 5 && words[4] === REFRESH_ADDED;
  if (words.length !== 4 && !marked) return undefined;
  // Only the exact text statusLineCommand writes: a hand-edited quote is not guessed at.
  return command.endsWith(` ${shellWord(words[3]!)}${marked ? ` ${REFRESH_ADDED}` : ""}`) ? words[3]! : undefined;
}
