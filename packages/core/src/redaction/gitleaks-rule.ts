// gitleaks' rules (gitleaks-rules.generated.ts) applied as gitleaks applies them to a fragment of text:
// a rule runs only when one of its keywords is in the text; its secret is its secretGroup, else the
// first capture group that matched, else the whole match; a secret under the rule's entropy is not one
// (and a "generic" rule's secret needs a digit); an allowlist — the rule's or the global one — that
// matches the secret (or the match, or the line) or whose stopword it contains lets it be.
export interface GitleaksPattern {
  readonly source: string;
  readonly flags: string;
}

export interface GitleaksAllowlist {
  readonly target: "secret" | "match" | "line";
  readonly regexes: readonly GitleaksPattern[];
  /** Lower-case words: a secret containing one is not a secret. */
  readonly stopwords: readonly string[];
  /** gitleaks' condition AND: every criterion given must hold (OR, the default: any). */
  readonly all: boolean;
}

export interface GitleaksRule extends GitleaksPattern {
  readonly id: string;
  readonly secretGroup: number;
  readonly entropy: number;
  /** Lower-case; the rule runs only when the text holds one (or always, when there are none). */
  readonly keywords: readonly string[];
  readonly allowlists: readonly GitleaksAllowlist[];
}

const compiled = new Map<GitleaksPattern, RegExp>();
/** Each pattern compiled once, on first use: most rules never run in a given hook process. */
function regex(pattern: GitleaksPattern, global: boolean): RegExp {
  let found = compiled.get(pattern);
  if (!found) {
    found = new RegExp(pattern.source, global ? `${pattern.flags}g` : pattern.flags);
    compiled.set(pattern, found);
  }
  found.lastIndex = 0;
  return found;
}

/** Shannon entropy in bits per character, as gitleaks computes it. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

function allowed(list: GitleaksAllowlist, found: { secret: string; match: string; line: string }): boolean {
  const subject = found[list.target];
  const checks: boolean[] = [];
  if (list.regexes.length > 0) checks.push(list.regexes.some((pattern) => regex(pattern, false).test(subject)));
  if (list.stopwords.length > 0) {
    const secret = found.secret.toLowerCase();
    checks.push(list.stopwords.some((word) => secret.includes(word)));
  }
  if (checks.length === 0) return false;
  return list.all ? checks.every(Boolean) : checks.some(Boolean);
}

/** The line of `text` around [start, end). */
function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const to = text.indexOf("\n", end);
  return text.slice(from, to === -1 ? text.length : to);
}

/**
 * `text` with every secret the rule finds replaced by `mask(rule.id)`. `lowerText` is the text in
 * lower case, for the keyword check (computed once for all rules).
 */
export function applyGitleaksRule(
  rule: GitleaksRule,
  text: string,
  lowerText: string,
  globalAllowlist: GitleaksAllowlist,
  mask: (id: string) => string,
  /** Told each match and what it became (the session's memory of secrets, redaction-memory.ts). */
  onRedacted?: (match: string, out: string) => void,
): string {
  if (rule.keywords.length > 0 && !rule.keywords.some((keyword) => lowerText.includes(keyword))) return text;
  return text.replace(regex(rule, true), (match: string, ...rest: unknown[]) => {
    const offset = rest.findIndex((value) => typeof value === "number");
    const groups = rest.slice(0, offset) as (string | undefined)[];
    const start = rest[offset] as number;
    const secret =
      (rule.secretGroup > 0 ? groups[rule.secretGroup - 1] : groups.find((group) => group !== undefined && group !== "")) ??
      match;
    if (!secret) return match;
    if (rule.entropy > 0) {
      if (shannonEntropy(secret) <= rule.entropy) return match;
      if (rule.id.startsWith("generic") && !/[0-9]/.test(secret)) return match;
    }
    const found = { secret, match, line: lineAround(text, start, start + match.length) };
    if ([globalAllowlist, ...rule.allowlists].some((list) => allowed(list, found))) return match;
    // Only the secret goes: the key name and punctuation around it stay readable.
    const out = match.replace(secret, mask(rule.id));
    onRedacted?.(match, out);
    return out;
  });
}
