// The few files of the user's home a check gets as copies without their secrets: the user's npm settings
// (a registry, a scope's registry), so that a run goes where the user's would — with the cache preferred,
// as a run has no network — and git's name and email, which tests that commit in a scratch repository
// need. Tokens, passwords, client keys and certificates are left out; the real files stay unreadable with
// the rest of the home.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** An npmrc key that holds or points at a secret: `//registry/:_authToken`, `_auth`, `certfile`, … */
const NPM_SECRET = /(?:^|:)_?(?:auth|authtoken|password|token|username|email|certfile|keyfile|cert|key|ca)\s*$/i;

/** The user's .npmrc without a line that holds a secret (or names one by a variable). */
export function npmrcWithoutSecrets(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => {
      const trimmed = line.trim();
      if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith(";")) return true;
      const key = trimmed.split("=")[0]?.trim() ?? "";
      return !NPM_SECRET.test(key) && !/\$\{[^}]*\}/.test(trimmed);
    })
    .join("\n");
}

/** git's [user] name and email, and the default branch, from the user's .gitconfig; nothing else of it. */
export function gitIdentity(text: string): string {
  const KEPT = new Set(["user.name", "user.email", "init.defaultbranch"]);
  const sections = new Map<string, string[]>();
  let section = "";
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const header = /^\[\s*([\w.-]+)(?:\s+"[^"]*")?\s*\]$/.exec(line);
    if (header) section = (header[1] ?? "").toLowerCase();
    const entry = header ? null : /^([\w-]+)\s*=\s*(.*)$/.exec(line);
    if (!entry || !KEPT.has(`${section}.${(entry[1] ?? "").toLowerCase()}`)) continue;
    sections.set(section, [...(sections.get(section) ?? []), `\t${entry[1]} = ${entry[2]}`]);
  }
  return [...sections].map(([name, lines]) => `[${name}]\n${lines.join("\n")}\n`).join("");
}

const read = (path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
};

/**
 * npm and pnpm read this too: a check has no network, so what it fetches comes from the user's caches
 * (read-only in the walls) — an `npx` of a tool the user has, a pinned package manager — never the
 * registry, which would only fail.
 */
const OFFLINE = "\n# goalpost's run has no network: packages come from your caches\noffline=true\n";

/** The copies for a run's home, written in `<runDir>/home`: name in the home → path on the host. */
export function homeFilesFor(runDir: string, home: string): Record<string, string> {
  const made: Record<string, string> = {};
  const dir = join(runDir, "home");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const npmrc = read(join(home, ".npmrc"));
  writeFileSync(join(dir, ".npmrc"), `${npmrc === null ? "" : npmrcWithoutSecrets(npmrc)}${OFFLINE}`, { mode: 0o600 });
  made[".npmrc"] = join(dir, ".npmrc");
  const gitconfig = read(join(home, ".gitconfig"));
  if (gitconfig !== null) {
    writeFileSync(join(dir, ".gitconfig"), gitIdentity(gitconfig), { mode: 0o600 });
    made[".gitconfig"] = join(dir, ".gitconfig");
  }
  return made;
}
