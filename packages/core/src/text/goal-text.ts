// Goal text is data. Every path by which a goal's words (the user's, the model's, another session's)
// reach a model goes through here: one line, control characters out, secrets redacted, length
// bounded, and markup escaped, so no goal can close a <session_goal> block or forge another.
import { sanitizeText } from "./sanitize-text.js";

export const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Goal text fit to show a model inside any message. */
export function goalText(text: string, maxLength = 600): string {
  return escapeMarkup(sanitizeText(text, { maxLength }));
}
