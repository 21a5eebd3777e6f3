// What the work changed since the goal was set, in words: said at the close (the stop, the status tool),
// in `goalpost status` and in the report — kept apart from source-changes.ts, which runs git.
import type { SourceChange } from "../record/goal-checks.js";

/** "src/math.js (+1 −1), README.md (+4)", and how many more were left out. */
export function changesText(changes: { readonly files: readonly SourceChange[]; readonly more: number }): string {
  const one = (change: SourceChange) => {
    if (change.added === null && change.removed === null) return change.path;
    const parts = [change.added ? `+${change.added}` : null, change.removed ? `−${change.removed}` : null].filter(Boolean);
    return parts.length > 0 ? `${change.path} (${parts.join(" ")})` : change.path;
  };
  return `${changes.files.map(one).join(", ")}${changes.more > 0 ? ` and ${changes.more} more` : ""}`;
}
