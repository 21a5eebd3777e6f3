// "did you mean": the closest of the names a user could have meant (a command, a host, a flag, a /goal
// verb), for a word goalpost does not know — a typo (`statsu`, `acept`), or the start of a name
// (`claude` for claude-code). The CLI and the prompt handler's near-misses share it.

/** Edits (insert, delete, replace, swap two neighbours) between two words. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The name meant, or undefined when none is close: a unique prefix, else one within two edits (one for short words). */
export function closest(word: string, names: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const starting = names.filter((name) => name.startsWith(lower) && lower.length >= 3);
  if (starting.length === 1) return starting[0];
  const limit = lower.length <= 4 ? 1 : 2;
  const ranked = names
    .map((name) => ({ name, edits: distance(lower, name) }))
    .filter((entry) => entry.edits <= limit)
    .sort((x, y) => x.edits - y.edits);
  return ranked.length > 0 && (ranked.length === 1 || ranked[0]!.edits < ranked[1]!.edits) ? ranked[0]!.name : undefined;
}

/** ` (did you mean "status"?)`, or nothing. */
export const didYouMean = (word: string, names: readonly string[]): string => {
  const meant = closest(word, names);
  return meant ? ` (did you mean "${meant}"?)` : "";
};
