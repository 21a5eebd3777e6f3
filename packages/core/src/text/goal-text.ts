// Goal text is data. Every path by which a goal's words (the user's, the model's, another session's)
// reach a model goes through here: one line, control characters out, secrets redacted, length
// bounded, and markup escaped, so no goal can close a <session_goal> block or forge another.
import { sanitizeText } from "./sanitize-text.js";

const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Goal text fit to show a model inside any message. */
export function goalText(text: string, maxLength = 600): string {
  return escapeMarkup(sanitizeText(text, { maxLength }));
}

/** At most this many words name a goal, and this many characters. */
const NAME_WORDS = 12;
const NAME_CHARACTERS = 80;
/** Words a name never ends on: a phrase cut there reads as cut ("… for mathlib that"). */
const LEADS_ON =
  /^(a|an|the|and|or|but|nor|that|which|who|whose|where|so|to|of|for|in|on|at|by|with|without|from|into|onto|when|while|if|as|than|then|is|are|was|be|its|their|our|my|your|this|these|those)$/i;

/**
 * How the user is told which goal: its first words, quoted, never its id (an id is for the model and
 * for commands). The same words bring a goal set aside back (`goal: resume <them>`), so a name is whole
 * words only, never cut mid-word or marked with an ellipsis.
 */
export function goalName(goal: { readonly objective: string; readonly id: string }): string {
  const words = goal.objective
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, NAME_WORDS + 1);
  // Its first sentence or clause ("keep the check passing. Done when …", "fix add; done when …",
  // "fix add — done when …": the way /goal words put the check) is named by what comes before its end.
  const clauseEnd = words.findIndex(
    (word, index) => /[.!?;:]$/.test(word) || (index > 0 && /^[\u2014\u2013-]$/.test(words[index + 1] ?? "")),
  );
  let kept = clauseEnd >= 0 && clauseEnd < NAME_WORDS ? words.slice(0, clauseEnd + 1) : words.slice(0, NAME_WORDS);
  const cut = kept.length < words.length;
  const fits = () => goalText(kept.join(" "), 1000).length <= NAME_CHARACTERS;
  while (kept.length > 1 && !fits()) kept = kept.slice(0, -1);
  // A phrase cut short ends on a word that carries meaning, never on one that leads on.
  if (cut || kept.length < words.length)
    while (kept.length > 3 && LEADS_ON.test(kept.at(-1)!.replace(/[.,;:!?]+$/, ""))) kept = kept.slice(0, -1);
  const name = goalText(kept.join(" "), NAME_CHARACTERS).replace(/[.,;:!?]+$/, "");
  return name.length >= 3 ? name : goal.id;
}

/** `"tidy the readme wording"`: a goal named for the user. */
export const quotedGoal = (goal: { readonly objective: string; readonly id: string }): string => `"${goalName(goal)}"`;
