// The few files of the user's home a check gets as copies without their secrets, so that the user's tools
// behave in goalpost's run as in the user's shell: npm's and pnpm's settings (a registry, a scope's
// registry, `manage-package-manager-versions=false` — without which a pinned `packageManager` sends pnpm
// to fetch another pnpm), yarn's, Go's (`go env -w`: GOFLAGS, GOPROXY, GOPRIVATE), pip's, and git's name
// and email, which tests that commit in a scratch repository need; cargo's and a Node's global npm
// settings, which sit in toolchain folders a check reads. Tokens, passwords, client keys, certificates
// and the credentials in a URL are left out; the real files stay unreadable with the rest of the home,
// or under the copy. Each copy is read-only in the walls, and thrown away with the run.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";

/** A URL's user and password (`https://me:token@host/`), which no copy keeps. */
const URL_CREDENTIALS = /(\b[a-z][\w+.-]*:\/\/)[^\s/@:]+(?::[^\s/@]*)?@/gi;

/** An npmrc key that holds or points at a secret: `//registry/:_authToken`, `_auth`, `certfile`, … */
const NPM_SECRET = /(?:^|:)_?(?:auth|authtoken|password|token|username|email|certfile|keyfile|cert|key|ca)\s*$/i;

/**
 * The user's .npmrc without a line that holds a secret (or names one by a variable), its key read as
 * npm reads it (`"//host/:_authToken"=…` quoted too), and no URL's user and password (a registry's, a
 * proxy's).
 */
function npmrcWithoutSecrets(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => {
      const trimmed = line.trim();
      if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith(";")) return true;
      const key = (trimmed.split("=")[0] ?? "").trim().replace(/^(["'])(.*)\1$/, "$2");
      return !NPM_SECRET.test(key) && !/\$\{[^}]*\}/.test(trimmed);
    })
    .map((line) => line.replace(URL_CREDENTIALS, "$1"))
    .join("\n");
}

/** git's [user] name and email, and the default branch, from the user's .gitconfig; nothing else of it. */
function gitIdentity(text: string): string {
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

/** A `key = value` or `key: value` setting whose key names a secret (yarn's npmAuthToken, pip's password, …). */
const SECRET_KEY = /^\s*["']?[\w.-]*(?:auth|token|password|passwd|secret|credential|cert|key)[\w.-]*["']?\s*[:=]/i;

/** A settings file (yarn's YAML, Go's env, pip's INI) without a line that holds a secret, and no URL's credentials. */
function settingsWithoutSecrets(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => !SECRET_KEY.test(line))
    .map((line) => line.replace(URL_CREDENTIALS, "$1"))
    .join("\n");
}

/**
 * The settings files of the user's tools, by their place under home and how a copy leaves out secrets.
 * The npmrc-shaped ones (pnpm's rc, yarn 1's) are filtered as npm's is.
 */
const TOOL_SETTINGS: readonly { readonly name: string; readonly strip: (text: string) => string }[] = [
  { name: ".config/pnpm/rc", strip: (text) => settingsWithoutSecrets(npmrcWithoutSecrets(text)) },
  { name: ".yarnrc", strip: (text) => settingsWithoutSecrets(npmrcWithoutSecrets(text)) },
  { name: ".yarnrc.yml", strip: settingsWithoutSecrets },
  { name: ".config/go/env", strip: settingsWithoutSecrets },
  { name: ".config/pip/pip.conf", strip: settingsWithoutSecrets },
  { name: ".pip/pip.conf", strip: settingsWithoutSecrets },
  // cargo's settings sit in ~/.cargo, which a check that runs cargo reads: `[registry] token` goes.
  { name: ".cargo/config.toml", strip: settingsWithoutSecrets },
  { name: ".cargo/config", strip: settingsWithoutSecrets },
];

/**
 * npm's global settings (`<prefix>/etc/npmrc`) of each Node under home on the PATH — nvm's, fnm's,
 * volta's: readable with that toolchain's folder, so a copy without secrets goes over each.
 */
function globalNpmrcs(path: string, home: string): string[] {
  return path
    .split(":")
    .filter((entry) => isAbsolute(entry) && entry.startsWith(`${home}/`) && existsSync(join(entry, "node")))
    .map((entry) => relative(home, join(dirname(entry), "etc", "npmrc")))
    .filter((name, index, names) => names.indexOf(name) === index && existsSync(join(home, name)));
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

/**
 * The copies for a run's home, written in `<runDir>/home`: name in the home → path on the host. Each goes
 * over the user's file in the walls, also inside a folder the check reads (a toolchain's).
 */
export function homeFilesFor(runDir: string, home: string, path = ""): Record<string, string> {
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
  const globals = globalNpmrcs(path, home).map((name) => ({ name, strip: npmrcWithoutSecrets }));
  for (const { name, strip } of [...TOOL_SETTINGS, ...globals]) {
    const text = read(join(home, name));
    if (text === null) continue;
    const copy = join(dir, name.replaceAll("/", "%"));
    writeFileSync(copy, `${strip(text)}\n`, { mode: 0o600 });
    made[name] = copy;
  }
  return made;
}
