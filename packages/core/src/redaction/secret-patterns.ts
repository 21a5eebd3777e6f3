// The secret shapes goalpost redacts. Every quantifier is bounded and every pattern starts at a
// boundary, so a scan costs O(length × bound), never quadratic time on hostile input (see bench/).
// Replacements read `[REDACTED:<kind>]`, which no pattern here matches again (redaction is idempotent).

export interface SecretPattern {
  readonly kind: string;
  readonly pattern: RegExp;
  /** Builds the replacement from the match groups; by default the whole match is replaced. */
  readonly replace?: (match: string, ...groups: string[]) => string;
}

export const redacted = (kind: string): string => `[REDACTED:${kind}]`;

/** Not preceded by a character that would make the match part of a longer word. */
const START = String.raw`(?<![A-Za-z0-9_])`;
/** Not followed by a token character: a token is matched whole or not at all. */
const END = String.raw`(?![A-Za-z0-9_-])`;

const token = (kind: string, body: string): SecretPattern => ({
  kind,
  pattern: new RegExp(`${START}(?:${body})${END}`, "g"),
});

/** Keys whose value is a secret when assigned: the key ends with one of these words. */
const SECRET_KEY = String.raw`[A-Za-z0-9_.-]{0,48}?(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|secret[_-]?key|client[_-]?secret|credentials?|auth)`;

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  token("anthropic-key", String.raw`sk-ant-[A-Za-z0-9_-]{20,400}`),
  token("openai-key", String.raw`sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,256}`),
  token("stripe-key", String.raw`(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,200}`),
  token("github-token", String.raw`(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{30,255}`),
  token("gitlab-token", String.raw`glpat-[A-Za-z0-9_-]{20,100}`),
  token("slack-token", String.raw`xox[abposre]-[A-Za-z0-9-]{10,250}`),
  {
    kind: "slack-webhook",
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9/_-]{8,200}/g,
  },
  token("aws-access-key-id", String.raw`(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[A-Z0-9]{16}`),
  token("google-api-key", String.raw`AIza[0-9A-Za-z_-]{35}`),
  token("npm-token", String.raw`npm_[A-Za-z0-9]{36}`),
  token("pypi-token", String.raw`pypi-[A-Za-z0-9_-]{40,300}`),
  token("sendgrid-key", String.raw`SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,64}`),
  token("twilio-key", String.raw`(?:AC|SK)[0-9a-f]{32}`),
  token("jwt", String.raw`eyJ[A-Za-z0-9_-]{8,2000}\.eyJ[A-Za-z0-9_-]{8,4000}\.[A-Za-z0-9_-]{8,1000}`),
  {
    // `Authorization: Bearer <credential>`, `Basic <credential>`: the scheme stays, the credential goes.
    kind: "http-credential",
    pattern: /(?<![A-Za-z0-9_])(Bearer|Basic|Token)(\s{1,8})(?!\[REDACTED)([A-Za-z0-9._~+/=-]{8,4096})/g,
    replace: (_match, scheme = "", space = "") => `${scheme}${space}${redacted("credential")}`,
  },
  {
    // scheme://user:password@host (URLs and connection strings): the whole user-info goes.
    kind: "url-credential",
    pattern: /(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/)[^\s:/?#@[\]]{0,256}:[^\s/?#@]{1,256}@/g,
    replace: (_match, scheme = "") => `${scheme}${redacted("credentials")}@`,
  },
  {
    // password=..., "api_key": "...", SECRET: ..., export GITHUB_TOKEN=... (plain, quoted, JSON, .env).
    kind: "secret-assignment",
    pattern: new RegExp(
      String.raw`(?<![A-Za-z0-9_.-])(["']?)(${SECRET_KEY})\1(\s{0,4}[:=]\s{0,4})(?!\[REDACTED)("[^"\n]{1,1024}"|'[^'\n]{1,1024}'|[^\s"',;}{\]]{1,1024})`,
      "gi",
    ),
    replace: (_match, quote = "", key = "", separator = "", value = "") => {
      const q = value.startsWith('"') ? '"' : value.startsWith("'") ? "'" : "";
      return `${quote}${key}${quote}${separator}${q}${redacted("secret")}${q}`;
    },
  },
  {
    kind: "email",
    pattern:
      /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-])/g,
  },
];
