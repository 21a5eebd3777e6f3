// HTML by tagged template, escaped by default: every interpolated value is text (goal text, commands
// and notes are data the agent influenced), unless it is markup this module built. Nothing else in
// the report writes markup, so escaping cannot be forgotten.
const MARKUP = Symbol("markup");

export interface Markup {
  readonly [MARKUP]: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

const isMarkup = (value: unknown): value is Markup => typeof value === "object" && value !== null && MARKUP in value;

function piece(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(piece).join("");
  if (isMarkup(value)) return value[MARKUP];
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += piece(value) + strings[index + 1]!;
  });
  return { [MARKUP]: out };
}

export const markupText = (markup: Markup): string => markup[MARKUP];

/** Markup written in this codebase (the stylesheet), never data: inserted as it is. */
export const trustedMarkup = (text: string): Markup => ({ [MARKUP]: text });
