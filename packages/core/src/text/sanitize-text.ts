// Every string goalpost keeps or renders comes from a model, a user or a host payload. This file makes
// such text safe to store and show: no control, bidirectional-override or zero-width characters, no
// secrets, bounded length. It never throws and applying it twice changes nothing.
import { redactSecrets } from "../redaction/redact-secrets.js";

/** C0/C1 controls (tab and newline are handled by the caller's mode), DEL, and NUL. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
/**
 * What can hide or reorder text: bidirectional overrides, isolates and marks, the zero-width space,
 * word joiner and invisible operators, and the BOM. Zero-width (non-)joiners stay: emoji sequences
 * and Persian, Arabic and Indic words need them.
 */
const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** A surrogate without its other half: not a character, and re-sent with every prompt if kept. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * How much of a long input is kept before sanitising: the result is cut to maxLength anyway, and the
 * margin lets a secret that starts before the cut still be recognised whole. Longer shapes are
 * recognised cut off too (a JWT without its signature, a PEM block without its end, a Bearer credential
 * to wherever it stops), so 8 KB is enough — and two hundred gitleaks rules need not scan 80 KB of a heredoc.
 */
const CUT_MARGIN = 8_192;
const ELLIPSIS = "…";

interface SanitizeOptions {
  /** Longest result, in code points (an ellipsis marks a cut). */
  readonly maxLength: number;
  /** Keep line breaks (an objective may span lines); otherwise every run of white space becomes one space. */
  readonly multiline?: boolean;
}

/** Cuts to at most `maxLength` code points, never splitting a surrogate pair. */
export function truncateText(text: string, maxLength: number): string {
  const codePoints = Array.from(text);
  if (codePoints.length <= maxLength) return text;
  return codePoints.slice(0, Math.max(0, maxLength - 1)).join("") + ELLIPSIS;
}

/** Strips what must never be stored or rendered, redacts secrets, folds white space, and bounds length. */
export function sanitizeText(input: unknown, options: SanitizeOptions): string {
  if (typeof input !== "string") return "";
  // Cut first, with a margin: a 500 KB command is sanitised as a few thousand characters, not whole.
  const bounded = input.length > options.maxLength + CUT_MARGIN ? input.slice(0, options.maxLength + CUT_MARGIN) : input;
  let text = bounded.replace(LONE_SURROGATE, "\uFFFD").normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ");
  text = text.replace(CONTROL, "").replace(INVISIBLE, "");
  text = redactSecrets(text);
  if (options.multiline) {
    text = text
      .split("\n")
      .map((line) => line.replace(/ +/g, " ").trim())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n");
  } else {
    text = text.replace(/\s+/g, " ");
  }
  return truncateText(text.trim(), options.maxLength);
}
