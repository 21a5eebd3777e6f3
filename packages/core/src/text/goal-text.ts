// Goal text is data. Every path by which a goal's words (the user's, the model's, another session's)
// reach a model goes through here: one line, control characters out, secrets redacted, length
// bounded, and markup escaped, so no goal can close a <session_goal> block or forge another.
import { sanitizeText } from "./sanitize-text.js";

const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Goal text fit to show a model inside any message. */
export function goalText(text: string, maxLength = 600): string {
  return escapeMarkup(sanitizeText(text, { maxLength }));
}

/**
 * How the user is told which goal: its first words, quoted, never its id (an id is for the model and
 * for commands). The same words bring a goal set aside back (`goal: resume <them>`).
 */
export function goalName(goal: { readonly objective: string; readonly id: string }): string {
  const words = goal.objective.split(/\s+/).filter(Boolean);
  // Its first sentence or clause when that is shorter ("keep the check passing. Done when …", "fix add;
  // done when …" — the way /goal words put the check — are named by what comes before).
  const sentenceEnd = words.slice(0, 6).findIndex((word) => /[.!?;]$/.test(word));
  const name = goalText(words.slice(0, sentenceEnd >= 0 ? sentenceEnd + 1 : 6).join(" "), 60).replace(/[.,;:!?]+$/, "");
  return name.length >= 3 ? name : goal.id;
}

/** `"tidy the readme wording"`: a goal named for the user. */
export const quotedGoal = (goal: { readonly objective: string; readonly id: string }): string => `"${goalName(goal)}"`;
