// A pattern of many alternatives, split by the word each one starts with. V8 compiles a RegExp on its
// first use, in every hook process: measured ~1 ms for one anchored alternation of ~40 commands, for
// a command that can only ever match the few that start with its own word. Here a text is tested only
// against the alternatives for its leading word (its first run of ASCII letters, digits and _), joined
// into one pattern the first time that word is seen. Each alternative declares every word it can
// start with, and each such word ends where a word does (before a space, a `-`, the end, or a `\b`),
// so the result is the whole pattern's; a property test holds the two together.

export interface KeyedAlternative {
  /** Every word a match of this alternative can start with (`pip3?\s+install` → pip, pip3). */
  readonly words: readonly string[];
  /** Regular expression source, matched at the start of the text. */
  readonly source: string;
}

/** Each word on its own, as a bare command name. */
export const bareWords = (...words: string[]): KeyedAlternative[] => words.map((word) => ({ words: [word], source: word }));

/** Alternatives as one pattern anchored at the start, followed by `end` (also what the keyed test narrows). */
export const wholePattern = (alternatives: readonly KeyedAlternative[], end: string) =>
  new RegExp(`^(?:${alternatives.map((alternative) => alternative.source).join("|")})${end}`);

/** `test(text)`: whether the text starts with one of the alternatives, followed by `end`. */
export function wordKeyedPattern(alternatives: readonly KeyedAlternative[], end: string): (text: string) => boolean {
  const compiled = new Map<string, RegExp | null>();
  return (text) => {
    const word = /^\w+/.exec(text)?.[0];
    if (word === undefined) return false;
    let pattern = compiled.get(word);
    if (pattern === undefined) {
      const mine = alternatives.filter((alternative) => alternative.words.includes(word));
      pattern = mine.length > 0 ? wholePattern(mine, end) : null;
      compiled.set(word, pattern);
    }
    return pattern?.test(text) ?? false;
  };
}
