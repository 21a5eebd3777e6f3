// The secret shapes goalpost redacts. Every quantifier is bounded and every pattern starts at a
// boundary, so a scan costs O(length × bound), never quadratic time on hostile input (see bench/).
// Replacements read `[REDACTED:<kind>]`, which no pattern here matches again (redaction is idempotent).

import { shannonEntropy } from "./gitleaks-rule.js";

export interface SecretPattern {
  readonly kind: string;
  readonly pattern: RegExp;
  /** Builds the replacement from the match groups; by default the whole match is replaced. */
  readonly replace?: (match: string, ...groups: string[]) => string;
  /**
   * Literals of which every match holds one: a text with none of them is not scanned. V8 compiles a
   * RegExp on its first use, so most hooks then compile none of these (~2 ms in a hook process that
   * starts without a snapshot). Lower case for a case-insensitive pattern (checked against the
   * lower-cased text; such a pattern matches ASCII letters only as ASCII, so nothing is missed).
   * A property test holds each list to its pattern.
   */
  readonly needs?: readonly string[];
}

export const redacted = (kind: string): string => `[REDACTED:${kind}]`;

/** Not preceded by a character that would make the match part of a longer word. */
const START = String.raw`(?<![A-Za-z0-9_])`;
/** Not followed by a token character: a token is matched whole or not at all. */
const END = String.raw`(?![A-Za-z0-9_-])`;

const token = (kind: string, needs: readonly string[], body: string, end = END): SecretPattern => ({
  kind,
  pattern: new RegExp(`${START}(?:${body})${end}`, "g"),
  needs,
});
/** A token that must carry a digit: real keys do, `sk-loading-spinner-container` does not. */
const WITH_DIGIT = String.raw`(?=[A-Za-z0-9_-]{0,400}?[0-9])`;

/** Keys whose value is a secret when assigned: the key ends with one of these words. */
const SECRET_KEY = String.raw`[A-Za-z0-9_.-]{0,48}?(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|secret[_-]?key|account[_-]?key|shared[_-]?access[_-]?key|client[_-]?secret|credentials?|auth|(?<![A-Za-z0-9])(?:pass|passcode|creds)|(?:signing|encryption|master|session)[_-]?key)`;

/** Unquoted values that are code or placeholders, not secrets: `password: string`, `token = getToken()`. */
const BENIGN_VALUE =
  /^(?:string|number|boolean|any|unknown|never|null|undefined|true|false|none|object|void|str|int|bool|required|optional|include|omit|same-origin|\*+|x+|<[^>]*>|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|(?:process\.env|os\.environ|env|config|settings|this|self|options|opts|props|args)\b.*|[A-Za-z_$][\w$.]*\(.*)$/i;

/** A quoted value, its quotes escaped any number of times (a JSON string inside a shell string inside JSON). */
const ESCAPED_QUOTED = String.raw`\\{1,7}"[^"\n]{1,1024}?\\{1,7}"|\\{1,7}'[^'\n]{1,1024}?\\{1,7}'`;
/** A flag's value: escaped-quoted, quoted, or bare. */
const FLAG_VALUE = String.raw`${ESCAPED_QUOTED}|'[^'\n]{1,512}'|"[^"\n]{1,512}"|[^\s'"\\]{1,512}`;

/** A flag's value redacted inside the quotes it had, however deeply they were escaped. */
const quotedSecret = (value: string) => {
  const quote = /^\\*["']/.exec(value)?.[0] ?? "";
  return `${quote}${redacted("secret")}${quote}`;
};

/** Keeps the match unless it is random enough to be a key (over 4.2 bits a character; a word or a path is under 4) and mixes cases and digits (a SHA is hex). */
const randomKey = (kind: string) => (match: string) =>
  /[a-z]/.test(match) && /[A-Z]/.test(match) && /[0-9]/.test(match) && shannonEntropy(match) >= 4.2 ? redacted(kind) : match;

/** The entropy (bits a character) a random base64 run of this length reaches 99 times in 100, measured. */
const RANDOM_ENTROPY: readonly (readonly [number, number])[] = [
  [24, 3.85],
  [28, 4.0],
  [32, 4.17],
  [40, 4.42],
  [48, 4.6],
];
function randomEntropy(length: number): number {
  const above = RANDOM_ENTROPY.findIndex(([at]) => at >= length);
  if (above === -1) return RANDOM_ENTROPY.at(-1)![1];
  if (above === 0) return RANDOM_ENTROPY[0]![1];
  const [lowAt, low] = RANDOM_ENTROPY[above - 1]!;
  const [highAt, high] = RANDOM_ENTROPY[above]!;
  return low + ((high - low) * (length - lowAt)) / (highAt - lowAt);
}

/** Whether a run reads as words (camelCase, snake_case, a path): most of its letters in parts of 3+ with a vowel. */
function readsAsWords(run: string): boolean {
  const letters = (run.match(/[A-Za-z]/g) ?? []).length;
  const words = (run.match(/[A-Z]?[a-z]+|[A-Z]{2,}(?![a-z])|[A-Z]/g) ?? [])
    .filter((part) => part.length >= 3 && /[aeiouy]/i.test(part))
    .reduce((sum, part) => sum + part.length, 0);
  return letters > 0 && words / letters >= 0.7;
}

/**
 * Keeps a run unless it is random: letters of both cases and digits, few `_`/`-`, not words, and as
 * varied as a random base64 run of its length is 99 times in 100. A random key's run is caught about
 * 97 times in 100 at 24–28 characters and more often longer (the redaction test measures it).
 */
function randomRun(match: string): string {
  const body = match.replace(/=+$/, "");
  if (!/[a-z]/.test(body) || !/[A-Z]/.test(body) || !/[0-9]/.test(body)) return match;
  if ((body.match(/[_-]/g) ?? []).length > body.length / 12 || readsAsWords(body)) return match;
  return shannonEntropy(body) >= randomEntropy(body.length) ? redacted("random-token") : match;
}

/** Cookie values in a Cookie or Set-Cookie header's text: each name stays, each value goes (attributes stay). */
const COOKIE_ATTRIBUTES = /^(?:path|domain|expires|max-age|samesite|secure|httponly|priority|partitioned)$/i;
const redactCookies = (pairs: string) =>
  pairs.replace(/([^\s;=]{1,256})=([^;\s]{1,4096})/g, (pair, name: string) =>
    COOKIE_ATTRIBUTES.test(name) || /^\[REDACTED/.test(pair.slice(name.length + 1)) ? pair : `${name}=${redacted("cookie")}`,
  );

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  token("anthropic-key", ["sk-ant-"], String.raw`sk-ant-${WITH_DIGIT}[A-Za-z0-9_-]{20,400}`),
  token("openai-key", ["sk-"], String.raw`sk-(?:proj-|svcacct-|admin-)?${WITH_DIGIT}[A-Za-z0-9_-]{20,256}`),
  token("stripe-key", ["_live_", "_test_"], String.raw`(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,200}`),
  token(
    "github-token",
    ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
    String.raw`(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{30,255}`,
  ),
  token("gitlab-token", ["glpat-"], String.raw`glpat-[A-Za-z0-9_-]{20,100}`),
  token("slack-token", ["xox", "xapp-"], String.raw`xox[abposre]-[A-Za-z0-9-]{10,250}|xapp-\d-[A-Za-z0-9-]{10,250}`),
  {
    kind: "slack-webhook",
    needs: ["https://hooks.slack.com/"],
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9/_-]{8,200}/g,
  },
  // A key id is 20 characters whatever follows it (`AKIA…-dev` in a profile name still leaks it).
  token(
    "aws-access-key-id",
    ["AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA"],
    String.raw`(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[A-Z0-9]{16}`,
    String.raw`(?![A-Za-z0-9_])`,
  ),
  token("google-api-key", ["AIza"], String.raw`AIza[0-9A-Za-z_-]{35}`),
  token("npm-token", ["npm_"], String.raw`npm_[A-Za-z0-9]{36}`),
  token("pypi-token", ["pypi-"], String.raw`pypi-[A-Za-z0-9_-]{40,300}`),
  token("sendgrid-key", ["SG."], String.raw`SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,64}`),
  token("twilio-key", ["AC", "SK"], String.raw`(?:AC|SK)[0-9a-f]{32}`),
  // Header and payload, with the signature or without it: a token cut short is still a token.
  token("jwt", ["eyJ"], String.raw`eyJ[A-Za-z0-9_-]{8,4000}\.eyJ[A-Za-z0-9_-]{8,65536}(?:\.[A-Za-z0-9_-]{1,4000})?`),
  // Shapes from the providers' own documentation (and gitleaks' rule names for them).
  token("stripe-webhook-secret", ["whsec_"], String.raw`whsec_[A-Za-z0-9+/=]{20,200}`),
  token("huggingface-token", ["hf_"], String.raw`hf_${WITH_DIGIT}[A-Za-z0-9]{30,100}`),
  token("google-oauth-secret", ["GOCSPX-"], String.raw`GOCSPX-[A-Za-z0-9_-]{20,100}`),
  token("digitalocean-token", ["_v1_"], String.raw`do[por]_v1_[a-f0-9]{64}`),
  token("shopify-token", ["shpat_", "shpca_", "shppa_", "shpss_"], String.raw`shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`),
  token("vault-token", ["hvs.", "hvb."], String.raw`hv[sb]\.[A-Za-z0-9_-]{20,200}`),
  token("age-secret-key", ["AGE-SECRET-KEY-1"], String.raw`AGE-SECRET-KEY-1[0-9A-Z]{50,100}`),
  token("databricks-token", ["dapi"], String.raw`dapi[a-f0-9]{32}(?:-\d)?`),
  token("discord-bot-token", ["."], String.raw`[MN][A-Za-z\d]{23,25}\.[\w-]{6}\.[\w-]{27,38}`),
  {
    // Azure SAS: the signature parameter of a shared-access URL or connection string.
    kind: "azure-sas-signature",
    needs: ["sig="],
    pattern: /([?&;]sig=)[A-Za-z0-9%+/=]{20,200}/g,
    replace: (_match, prefix = "") => `${prefix}${redacted("secret")}`,
  },
  {
    // aws configure set aws_secret_access_key <value>: the value follows a space, not `=`.
    kind: "aws-configure-secret",
    needs: ["aws_secret_access_key", "aws_session_token"],
    pattern: /\b(aws_secret_access_key|aws_session_token)(\s+)(?!\[REDACTED)[A-Za-z0-9/+=]{16,200}/g,
    replace: (_match, key = "", space = "") => `${key}${space}${redacted("secret")}`,
  },
  {
    // curl -u user:password, --user user:password: the user stays, the password goes.
    kind: "cli-credential",
    needs: ["-u"],
    pattern: /(\s(?:-u|--user)\s+)([^\s:[]{1,128}):(?!\[REDACTED)([^\s]{1,256})/g,
    replace: (_match, flag = "", user = "") => `${flag}${user}:${redacted("secret")}`,
  },
  {
    // --password VALUE, --password=VALUE, --token, --api-key, --secret (psql, CLIs of every kind),
    // the value quoted, or its quotes escaped inside a string of a string.
    kind: "cli-secret-flag",
    needs: ["--"],
    pattern: new RegExp(
      String.raw`(--(?:password|passwd|pass|passphrase|token|api-key|apikey|secret|client-secret|auth-token|access-token|private-token|refresh-token|with-token|secret-key|secret-access-key)(?:=|\s+))(?!\[REDACTED|\\{0,7}["']?\[REDACTED|-)(${FLAG_VALUE})`,
      "gi",
    ),
    replace: (_match, prefix = "", value = "") => `${prefix}${quotedSecret(value)}`,
  },
  {
    // The password of a login-style tool given on its command line: `docker login -u bob -p …`,
    // `helm registry login -p …`, `az login -p …`, `sshpass -p …`, `redis-cli -a …`, `mongosh -p …`.
    kind: "cli-login-password",
    needs: ["login", "sshpass", "redis-cli", "mongo"],
    pattern: new RegExp(
      String.raw`(\b(?:login|sshpass|redis-cli|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport)\b[^\n|;&]{0,200}?\s(?:-p|-a|--pass)\s+)(?!\[REDACTED|\\{0,7}["']?\[REDACTED|-)(${FLAG_VALUE})`,
      "g",
    ),
    replace: (_match, prefix = "", value = "") => `${prefix}${quotedSecret(value)}`,
  },
  {
    // htpasswd -b <file> <user> <password>: the password is the last word.
    kind: "htpasswd-password",
    needs: ["htpasswd"],
    pattern: new RegExp(
      String.raw`(\bhtpasswd\s+(?:-[A-Za-z]+\s+)*-[A-Za-z]*b[A-Za-z]*\s+(?:-[A-Za-z]+\s+)*[^\s-]\S{0,255}\s+\S{1,256}\s+)(?!\[REDACTED|\\{0,7}["']?\[REDACTED)(${FLAG_VALUE})`,
      "g",
    ),
    replace: (_match, prefix = "", value = "") => `${prefix}${quotedSecret(value)}`,
  },
  {
    // Cookie: a=…; b=…  and  Set-Cookie: sid=…; Path=/  (a header, or -H's value): every value goes.
    kind: "cookie-header",
    needs: ["cookie"],
    pattern: /((?<![A-Za-z0-9_-])(?:set-)?cookie:[ \t]{0,8})([^\n"'\\]{1,4096})/gi,
    replace: (_match, header = "", pairs = "") => `${header}${redactCookies(pairs)}`,
  },
  {
    // curl -b 'sid=…' / --cookie 'sid=…': a cookie string (a file name has no "=").
    kind: "curl-cookie",
    needs: ["curl"],
    pattern:
      /(\bcurl\b[^\n|;&]{0,400}?\s(?:-b|--cookie)\s+)(["']?)([^\s"'=;]{1,256}=[^\s"';]{1,4096}(?:;\s?[^\s"'=;]{1,256}=[^\s"';]{1,4096}){0,32})/g,
    replace: (_match, prefix = "", quote = "", pairs = "") => `${prefix}${quote}${redactCookies(pairs)}`,
  },
  {
    // Chat services' incoming-webhook and bot URLs: whoever has one posts as the bot.
    kind: "chat-webhook",
    needs: ["discord", "webhook", "/hooks/", "telegram"],
    pattern:
      /https:\/\/(?:(?:canary\.|ptb\.)?discord(?:app)?\.com\/api\/webhooks\/\d{5,30}\/[A-Za-z0-9_-]{20,200}|[A-Za-z0-9-]{1,63}\.webhook\.office\.com\/webhook[A-Za-z0-9]{0,4}\/[^\s"'<>]{20,1000}|outlook\.office(?:365)?\.com\/webhook\/[^\s"'<>]{20,1000}|api\.telegram\.org\/(?:file\/)?bot\d{5,16}:[A-Za-z0-9_-]{30,50})|(?<=https?:\/\/[A-Za-z0-9.-]{1,253}(?::\d{1,5})?\/hooks\/)(?=[A-Za-z0-9]{0,64}?[0-9])[A-Za-z0-9]{20,64}(?:\/(?=[A-Za-z0-9]{0,64}?[0-9])[A-Za-z0-9]{20,64})?/g,
  },
  // A Telegram bot's token alone: "<bot id>:AA…" (its second part has begun with AA since 2016).
  token("telegram-bot-token", [":AA"], String.raw`\d{8,12}:AA[A-Za-z0-9_-]{32,40}`),
  {
    // ?key=… in a URL (Google's APIs, Google Chat's webhooks): an API key by another name.
    kind: "url-key",
    needs: ["key="],
    pattern: /([?&](?:key|api_key|apikey|access_key)=)(?!\[REDACTED)[A-Za-z0-9_%.~+/-]{16,512}/gi,
    replace: (_match, prefix = "") => `${prefix}${redacted("secret")}`,
  },
  {
    // An AWS secret access key standing alone (40 characters of base64, no name beside it). A SHA-1
    // is hex and a path or a word is not random: only a mixed-case, random run of exactly 40 goes.
    kind: "aws-secret-key",
    needs: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
    pattern: /(?<![A-Za-z0-9/+=_.-])(?=[A-Za-z/+]{0,39}[0-9])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=_.-])/g,
    replace: randomKey("aws-secret-key"),
  },
  {
    // An Azure storage account key standing alone: 64 bytes of base64 (a lockfile's "sha512-…" follows a "-").
    kind: "azure-storage-key",
    needs: ["=="],
    pattern: /(?<![A-Za-z0-9/+=_.-])[A-Za-z0-9/+]{86}==(?![A-Za-z0-9/+=_.-])/g,
    replace: randomKey("azure-storage-key"),
  },
  {
    // A random run standing alone, of any length from 24: a key a provider handed out with no name beside
    // it, or the part of one the agent split off into another call ("the second half"). Only what is
    // random (randomRun) goes; a path, a camelCase name, a hex digest, a UUID, a lockfile's integrity
    // string (`sha512-…`) or a Go module's hash (`h1:…` in go.sum) stays: a digest with its prefix is data.
    kind: "random-token",
    needs: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
    // After a name and "=" too (`B=<token>`), never inside a longer run.
    pattern:
      /(?<![A-Za-z0-9/+_.-])(?<!\bh1:)(?!sha(?:1|256|384|512)-)(?=[A-Za-z/+_-]{0,511}[0-9])[A-Za-z0-9/+_-]{24,512}={0,2}(?![A-Za-z0-9/+=_.-])/g,
    replace: randomRun,
  },
  {
    // mysql -pPASSWORD (the password glued to -p).
    kind: "mysql-password",
    needs: ["mysql", "mariadb"],
    pattern: /(\b(?:mysql|mysqldump|mariadb|mysqladmin)\b[^\n]{0,200}?\s-p)(?!\[REDACTED)([^\s]{1,256})/g,
    replace: (_match, prefix = "") => `${prefix}${redacted("secret")}`,
  },
  {
    // `Authorization: Bearer <credential>`, `Basic <credential>`: the scheme stays, the credential goes.
    kind: "http-credential",
    needs: ["Bearer", "Basic", "Token"],
    // The credential must look like one (a digit, a symbol, or mixed case past its first letter), so
    // "Basic functionality" and "Bearer authentication" stay; it is matched to its end, however long.
    pattern:
      /(?<![A-Za-z0-9_])(Bearer|Basic|Token)(\s{1,8})(?!\[REDACTED)(?=[A-Za-z0-9._~+/=-]{0,64}?(?:[0-9._~+/=-]|[a-z][A-Z]))([A-Za-z0-9._~+/=-]{8,})/g,
    replace: (_match, scheme = "", space = "") => `${scheme}${space}${redacted("credential")}`,
  },
  {
    // scheme://user:password@host (URLs and connection strings): the whole user-info goes.
    kind: "url-credential",
    needs: ["://"],
    pattern: /(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/)[^\s:/?#@[\]]{0,256}:[^\s/?#@]{1,256}@/g,
    replace: (_match, scheme = "") => `${scheme}${redacted("credentials")}@`,
  },
  {
    // password=..., "api_key": "...", SECRET: ..., export GITHUB_TOKEN=... (plain, quoted, JSON, .env).
    kind: "secret-assignment",
    // The key's words (SECRET_KEY): password, passwd and passphrase hold "pass"; every *key holds "key".
    needs: ["pass", "pwd", "secret", "token", "key", "credential", "creds", "auth"],
    pattern: new RegExp(
      // Quotes may be escaped (\"…\"), as a secret looks inside a JSON string or a JS string literal;
      // ${NAME} is read whole, so a shell or template variable is seen as the placeholder it is.
      String.raw`(?<![A-Za-z0-9_.-])(\\{0,7}["']|)(${SECRET_KEY})\1(\s{0,4}[:=]\s{0,4})(?!\[REDACTED|\\{0,7}["']\[REDACTED)(${ESCAPED_QUOTED}|"[^"\n]{1,1024}"|'[^'\n]{1,1024}'|\$\{[A-Za-z_][A-Za-z0-9_]{0,128}\}|(?:(?!\[REDACTED)[^\s"'\\,;}{\]]){1,1024})`,
      "gi",
    ),
    replace: (match, quote = "", key = "", separator = "", value = "") => {
      const q = /^\\*["']/.exec(value)?.[0] ?? "";
      const bare = q ? value.slice(q.length, -q.length) : value;
      if (BENIGN_VALUE.test(bare)) return match;
      // The shell's working directory (PWD=/home/…, OLDPWD), not a password.
      if (/^(?:OLD)?PWD$/.test(key) && /^[/~]/.test(bare)) return match;
      return `${quote}${key}${quote}${separator}${q}${redacted("secret")}${q}`;
    },
  },
  {
    // A secret said in words: "the db password is hunter2", "our API key for staging was `…`", "the
    // password for prod: …", "my pass is now …", "the token's …", "use password …" (a password's own
    // word alone may stand right before it; "pass" and "pw" only with a separator: "# pass 1"). The value
    // goes unless it reads as a plain word ("the password is required", "the token was rotated") or as
    // code (BENIGN_VALUE): a quoted value always goes, a bare one when it has a digit, a symbol, a capital
    // past its first letter, or 16 letters or more. Up to four words between the name and "is" ("for the
    // staging database"). `password = …` is an assignment's (secret-assignment, above).
    kind: "secret-in-words",
    needs: ["pass", "pw", "pin", "key", "token", "secret"],
    pattern:
      /(?<![A-Za-z0-9_])((?:(?:password|passphrase|passcode|passwd)(?=\s{1,4}(?![A-Za-z][a-z]{0,15}\b)[^\s:=]{3})|(?:password|passphrase|passcode|passwd|pass|pw|pin(?:[ -]?code)?|(?:(?:api|access|secret|private|auth|signing|license)[ _-]?)key|(?:(?:auth|access|api|bearer|refresh)[ _-]?)?token|secret)(?:\s{1,4}[^\s]{0,39}[^\s.!?,;:]){0,4}?(?:\s{1,4}(?:is|was|are)(?:\s{1,4}(?:now|still|set\s{1,4}to))?|\s{0,4}(?::|->|=>|\u2192)|'s))\s{1,4})(?!\[REDACTED)([`"']?)([^\s`"']{3,256})\2/gi,
    replace: (match, prefix = "", quote = "", value = "") => {
      const tail = /[.,;:!?)]+$/.exec(value)?.[0] ?? "";
      const bare = value.slice(0, value.length - tail.length);
      if (bare === "" || bare.startsWith("[REDACTED")) return match;
      if (!quote && (/^[A-Za-z][a-z]{0,15}$/.test(bare) || BENIGN_VALUE.test(bare))) return match;
      return `${prefix}${quote}${redacted("secret")}${quote}${quote ? "" : tail}`;
    },
  },
  {
    kind: "email",
    needs: ["@"],
    pattern:
      // Not git@host:org/repo, which is an address of a repository, not of a person.
      /(?<![A-Za-z0-9._%+-])(?!git@)[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-]|:[\w~])/g,
  },
];
