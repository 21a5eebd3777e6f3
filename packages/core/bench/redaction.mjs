// Redaction must stay linear on hostile input: each 1 MB string below is a known trap for
// backtracking regular expressions, goalpost's own or gitleaks'. Prints the time for each.
import { redactSecrets } from "../dist/internal.js";

const MB = 1024 * 1024;
const cases = {
  "plain prose": "the quick brown fox jumps over the lazy dog ".repeat(MB / 44),
  "one long identifier": "a".repeat(MB),
  "sk- repeated": "sk-".repeat(MB / 3),
  "email-like, no domain": "a.b+c@".repeat(MB / 6),
  "assignment keys, no value": "password=".repeat(MB / 9),
  "BEGIN without END": "-----BEGIN PRIVATE KEY-----\n".repeat(MB / 28),
  "url scheme, no host": "postgres://u:".repeat(MB / 13),
  "Bearer, short values": "Bearer abc ".repeat(MB / 11),
  "jwt prefixes": "eyJeyJ.".repeat(MB / 7),
  // Traps for gitleaks' rules (curl's lazy .*? before -H, the generic key rule's {0,50}? prefix).
  "curl with headers, no value": `curl ${"a -H x ".repeat(MB / 7)}`,
  "generic keys, no value": "api_key= ".repeat(MB / 9),
  "key then one long word": `secret: ${"a".repeat(MB)}`,
  // A secret said in words: the name, up to four words, then "is" never comes.
  "password and words, no is": "password for the db ".repeat(MB / 20),
  "pass, no separator": "pass ".repeat(MB / 5),
  // Random-looking runs: one of 600 characters after another (longer than a run is read), and one huge.
  "runs past the longest key": `${"aB3".repeat(200)} `.repeat(MB / 601),
  "one run of a megabyte": `x${"aB3".repeat(MB / 3)}`,
};

const rows = [];
for (const [name, text] of Object.entries(cases)) {
  const start = performance.now();
  const result = redactSecrets(text);
  rows.push({
    input: name,
    "size (KiB)": Math.round(text.length / 1024),
    ms: Number((performance.now() - start).toFixed(1)),
    changed: result !== text,
  });
}
console.log("redactSecrets on 1 MiB hostile strings");
console.table(rows);
