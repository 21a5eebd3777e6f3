// One redactor for everything goalpost persists or renders. Idempotent, never throws. Two rule sets:
// goalpost's own (secret-patterns.ts: the shapes agents' tool calls take — escaped quotes, CLI flags,
// connection strings), then gitleaks' default rules, taken as data (gitleaks-rules.generated.ts); then,
// inside an engine event, what the session's earlier events revealed (session/session-secrets.ts, through redaction-memory.ts).
import { applyGitleaksRule } from "./gitleaks-rule.js";
import { GITLEAKS_GLOBAL_ALLOWLIST, GITLEAKS_RULES } from "./gitleaks-rules.generated.js";
import { noteRedacted, redactRemembered } from "./redaction-memory.js";
import { redacted, SECRET_PATTERNS, type SecretPattern } from "./secret-patterns.js";

const PEM_BEGIN = /-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY( BLOCK)?-----/g;

/**
 * PEM private key blocks span lines and may be cut off (a truncated key is still a secret), so they
 * are found by scanning for BEGIN and then the matching END with indexOf: one pass, no backtracking.
 */
function redactPrivateKeyBlocks(text: string): string {
  if (!text.includes("PRIVATE KEY")) return text;
  let result = "";
  let position = 0;
  PEM_BEGIN.lastIndex = 0;
  for (let begin = PEM_BEGIN.exec(text); begin; begin = PEM_BEGIN.exec(text)) {
    const endMarker = `-----END ${begin[1] ?? ""}PRIVATE KEY${begin[2] ?? ""}-----`;
    const endIndex = text.indexOf(endMarker, begin.index + begin[0].length);
    const stop = endIndex === -1 ? text.length : endIndex + endMarker.length;
    result += text.slice(position, begin.index) + redacted("private-key");
    position = stop;
    PEM_BEGIN.lastIndex = stop;
  }
  return result + text.slice(position);
}

/** Whether the text holds one of the literals every match of the pattern holds (see SecretPattern.needs). */
function mayMatch({ pattern, needs }: SecretPattern, text: string): boolean {
  if (!needs) return true;
  const haystack = pattern.ignoreCase ? text.toLowerCase() : text;
  return needs.some((literal) => haystack.includes(literal));
}

/** Replaces every secret shape goalpost knows with `[REDACTED:<kind>]`. */
export function redactSecrets(text: string): string {
  return redactWith(SECRET_PATTERNS, text);
}

/** redactSecrets with these patterns of goalpost's own (a test runs them without their `needs`). */
export function redactWith(patterns: readonly SecretPattern[], text: string): string {
  if (typeof text !== "string" || text === "") return typeof text === "string" ? text : "";
  try {
    let result = redactPrivateKeyBlocks(text);
    for (const secretPattern of patterns) {
      const { kind, pattern, replace } = secretPattern;
      if (!mayMatch(secretPattern, result)) continue;
      pattern.lastIndex = 0;
      result = result.replace(pattern, (match: string, ...rest: unknown[]) => {
        // replace() passes the capture groups, then the offset (a number): keep only the groups.
        const groups = rest.slice(
          0,
          rest.findIndex((value) => typeof value === "number"),
        );
        const out = replace ? replace(match, ...groups.map((group) => (typeof group === "string" ? group : ""))) : redacted(kind);
        // What was taken out is remembered for the session's later events (session/session-secrets.ts, through redaction-memory.ts).
        if (out !== match) noteRedacted(match, out);
        return out;
      });
    }
    const lower = result.toLowerCase();
    for (const rule of GITLEAKS_RULES)
      result = applyGitleaksRule(rule, result, lower, GITLEAKS_GLOBAL_ALLOWLIST, redacted, noteRedacted);
    return redactRemembered(result);
  } catch {
    // A redactor that throws would leak by failing open somewhere else: drop the text instead.
    return redacted("unredactable-text");
  }
}
