// Lists in a goal record (done so far, remaining, evidence, ...) are written by a model that repeats
// itself. Items are sanitised, empty ones dropped, duplicates removed (first spelling wins), and the
// list bounded, keeping the newest items when it must cut.
import { sanitizeText } from "./sanitize-text.js";

/** Bounds that apply to every string list of a goal record. */
export const LIST_LIMITS = {
  /** Longest item, in code points. */
  itemLength: 600,
  /** Most items kept in one list. */
  items: 80,
} as const;

/** A stable key under which two items count as the same: case, spacing and punctuation folded. */
export function itemKey(item: string): string {
  return item
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function sanitizeList(input: unknown, limits: { itemLength?: number; items?: number } = {}): string[] {
  const itemLength = limits.itemLength ?? LIST_LIMITS.itemLength;
  const maxItems = limits.items ?? LIST_LIMITS.items;
  const raw = Array.isArray(input) ? input : typeof input === "string" ? [input] : [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const entry of raw) {
    const item = sanitizeText(entry, { maxLength: itemLength });
    const key = itemKey(item);
    if (item === "" || seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result.length > maxItems ? result.slice(result.length - maxItems) : result;
}

/** Appends new items to an existing list under the same rules; returns the items really added. */
export function appendToList(
  existing: readonly string[],
  additions: unknown,
  limits: { itemLength?: number; items?: number } = {},
): { list: string[]; added: string[] } {
  const keys = new Set(existing.map(itemKey));
  const added = sanitizeList(additions, limits).filter((item) => !keys.has(itemKey(item)));
  const maxItems = limits.items ?? LIST_LIMITS.items;
  const merged = [...existing, ...added];
  return { list: merged.length > maxItems ? merged.slice(merged.length - maxItems) : merged, added };
}
