// The hook run plainly, through the built hook loader (`goalpost-claude-code-hook.cjs`) and its V8
// code cache: a real child process running the real bundle, as the installed command's fallback does.
// The loader's own path, so without the hook server (GOALPOST_HOOK_SERVER=0; hook-server.test.ts
// covers the hooks it answers).
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, packageCopy, packageDir } from "./__fixtures__/package-copy.js";

afterEach(removeTestdirs);

/** A copy of the built package, its hooks run by the loader alone. */
function loaderCopy() {
  const pkg = packageCopy({ env: { GOALPOST_HOOK_SERVER: "0" } });
  const cacheDir = pkg.snapshotDir;
  const hook = (event: string, extra: Record<string, unknown>) =>
    spawnSync(process.execPath, [pkg.loader, "hook", event], {
      input: pkg.payload(event, extra),
      env: pkg.env,
      cwd: pkg.project,
      encoding: "utf8",
      timeout: 20_000,
    });
  const cacheFiles = () => {
    try {
      return readdirSync(cacheDir).filter((name) => name.endsWith(".code-cache"));
    } catch {
      return [];
    }
  };
  return { root: pkg.root, dist: pkg.dist, cacheDir, hook, cacheFiles };
}

/**
 * A fake home with goalpost installed by its own bin (from `cli`, default the built package), the
 * installed hook commands by event, and payloads for them.
 */
function installedHome(args: readonly string[], cli: (root: string) => string = () => join(packageDir, "dist", `${BIN}.js`)) {
  const root = testdir({ claude: {}, project: { "README.md": "# p\n" } });
  const env = {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    GOALPOST_HOOK_SERVER: "0",
    HOME: root,
    CLAUDE_CONFIG_DIR: join(root, "claude"),
    CLAUDE_PROJECT_DIR: join(root, "project"),
  };
  const bin = (...words: string[]) =>
    spawnSync(process.execPath, [cli(root), ...words], { env, encoding: "utf8", timeout: 60_000 });
  const install = bin("install", ...args);
  expect(install.status, install.stderr).toBe(0);
  const commands = installedHookCommands(
    (JSON.parse(readFileSync(join(root, "claude", "settings.json"), "utf8")) as { hooks: unknown }).hooks,
    BIN,
  );
  const base = {
    session_id: "s-1",
    transcript_path: join(root, "t.jsonl"),
    cwd: join(root, "project"),
    permission_mode: "default",
  };
  const hook = (event: string, extra: Record<string, unknown>) =>
    runInstalledHook(commands[event]!, { ...base, hook_event_name: event, ...extra }, { env, cwd: join(root, "project") });
  return { root, env, bin, commands, hook, snapshotDir: join(root, "claude", "goalpost", "snapshot") };
}

const openGoal = { prompt: "/goal Make the CSV importer stream files" };
const stop = { stop_hook_active: false };

describe("the hook loader", { timeout: 60_000 }, () => {
  it("answers as the bundle does, makes its code cache once, then runs from it", () => {
    const pkg = loaderCopy();
    const opened = pkg.hook("UserPromptSubmit", openGoal);
    expect(opened.status).toBe(0);
    expect(opened.stdout).toContain("Make the CSV importer stream files");
    const [file] = pkg.cacheFiles();
    expect(file).toBe(`${BIN}-snapshot-${process.version}-${process.platform}-${process.arch}.code-cache`);
    const path = join(pkg.cacheDir, file!);
    const made = statSync(path);
    expect(made.mode & 0o777).toBe(0o600);
    // The file names the bundle it was made from: size, mtime and package version.
    const bundle = statSync(join(pkg.dist, `${BIN}-snapshot.cjs`));
    const { version } = JSON.parse(readFileSync(join(pkg.root, "pkg", "package.json"), "utf8")) as { version: string };
    expect(readFileSync(path, "latin1").split("\n")[0]).toBe(`${bundle.size}:${bundle.mtimeMs}:${version}`);

    const blocked = pkg.hook("Stop", stop);
    expect(blocked.status).toBe(0);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ decision: "block" });
    // Taken, not made again.
    expect(statSync(path).mtimeMs).toBe(made.mtimeMs);
    expect(statSync(path).ino).toBe(made.ino);
  });

  it("answers the same from a damaged cache, and replaces it", () => {
    const pkg = loaderCopy();
    expect(pkg.hook("UserPromptSubmit", openGoal).status).toBe(0);
    const path = join(pkg.cacheDir, pkg.cacheFiles()[0]!);
    const good = readFileSync(path);
    const stamp = good.subarray(0, good.indexOf(10) + 1);
    writeFileSync(path, Buffer.concat([stamp, Buffer.alloc(good.length - stamp.length, 7)]));
    const blocked = pkg.hook("Stop", stop);
    expect(blocked.status).toBe(0);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ decision: "block" });
    expect(readFileSync(path).subarray(stamp.length, stamp.length + 64)).not.toEqual(Buffer.alloc(64, 7));
  });

  it("never runs an old bundle's cache: a changed bundle makes a new one", () => {
    const pkg = loaderCopy();
    expect(pkg.hook("UserPromptSubmit", openGoal).status).toBe(0);
    const path = join(pkg.cacheDir, pkg.cacheFiles()[0]!);
    const before = readFileSync(path, "latin1").split("\n")[0];
    appendFileSync(join(pkg.dist, `${BIN}-snapshot.cjs`), "\n// rebuilt\n");
    const blocked = pkg.hook("Stop", stop);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ decision: "block" });
    const after = readFileSync(path, "latin1").split("\n")[0];
    expect(after).not.toBe(before);
    const rebuilt = statSync(join(pkg.dist, `${BIN}-snapshot.cjs`));
    expect(after).toMatch(new RegExp(`^${rebuilt.size}:${rebuilt.mtimeMs}:`));
  });

  it("still answers, every time, when the cache cannot be written", () => {
    const pkg = loaderCopy();
    mkdirSync(join(pkg.root, "state"));
    writeFileSync(pkg.cacheDir, "not a folder");
    const opened = pkg.hook("UserPromptSubmit", openGoal);
    expect(opened.status).toBe(0);
    expect(opened.stderr).toBe("");
    expect(opened.stdout).toContain("Make the CSV importer stream files");
    const blocked = pkg.hook("Stop", stop);
    expect(blocked.status).toBe(0);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ decision: "block" });
    expect(readFileSync(pkg.cacheDir, "utf8")).toBe("not a folder");
  });

  it("is what an install without a snapshot runs, and doctor says whether its code cache is made", () => {
    const home = installedHome(["--no-snapshot"]);
    expect(home.bin("doctor").stdout).toMatch(
      /start-up snapshot: none for Node v[\d.]+: hooks start without one \(the first one makes a code cache for the rest\)/,
    );
    expect(home.hook("UserPromptSubmit", { prompt: "/goal Start from the cache" }).stdout).toContain("Start from the cache");
    expect(home.bin("doctor").stdout).toMatch(/hooks start without one \(from the code cache the first one made\)/);
    // The warm-up that filled the cache ran against a throwaway root, which the machine's registry of roots never saw.
    const registry = join(home.root, ".local", "state", "goalpost", "roots");
    const registered = readdirSync(registry).map((name) => readFileSync(join(registry, name), "utf8"));
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((entry) => entry.includes("warmup"))).toEqual([]);
  });

  it("is where an installed command falls back when its snapshot does not load", () => {
    const home = installedHome([]);
    expect(home.commands["Stop"]).toContain(`${BIN}-hook.cjs hook Stop`);
    const [blob] = readdirSync(home.snapshotDir).filter((name) => name.endsWith(".blob"));
    writeFileSync(join(home.snapshotDir, blob!), "not a snapshot");

    const opened = home.hook("UserPromptSubmit", { prompt: "/goal Ship the fallback" });
    expect(opened.status).toBe(0);
    expect(opened.stdout).toContain("Ship the fallback");
    expect(readdirSync(home.snapshotDir).filter((name) => name.endsWith(".code-cache"))).toHaveLength(1);
    expect(home.hook("Stop", stop).output).toMatchObject({ decision: "block" });
  });

  it("after an upgrade, answers through the loader once and rebuilds the stale snapshot in the background", async () => {
    // Installed from a copy of the package, so that the test can upgrade its bundle.
    const home = installedHome([], (root) => {
      cpSync(join(packageDir, "dist"), join(root, "pkg", "dist"), { recursive: true });
      cpSync(join(packageDir, "package.json"), join(root, "pkg", "package.json"));
      return join(root, "pkg", "dist", `${BIN}.js`);
    });
    const blob = join(home.snapshotDir, readdirSync(home.snapshotDir).find((name) => name.endsWith(".blob"))!);
    const built = statSync(blob);
    // The upgrade: a new bundle in the same place (npm would give it the same mtime; here its size changes).
    appendFileSync(join(home.root, "pkg", "dist", `${BIN}-snapshot.cjs`), "\n// the next version\n");

    const opened = home.hook("UserPromptSubmit", { prompt: "/goal Survive the upgrade" });
    expect(opened.status).toBe(0);
    expect(opened.stdout).toContain("Survive the upgrade");
    expect(opened.stderr).toMatch(/older than the installed goalpost; rebuilding it in the background/);

    const deadline = Date.now() + 60_000;
    const rebuilt = () => {
      const now = statSync(blob, { throwIfNoEntry: false });
      return now !== undefined && now.ino !== built.ino && !existsSync(`${blob}.refreshing`);
    };
    while (!rebuilt() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
    expect(rebuilt()).toBe(true);
    const blocked = home.hook("Stop", stop);
    expect(blocked.output).toMatchObject({ decision: "block" });
    expect(blocked.stderr).not.toMatch(/older than the installed goalpost/);
    // The rebuild command writes only this host's own snapshot files.
    const elsewhere = home.bin("snapshot-refresh", join(home.root, "hook-x.blob"));
    expect(elsewhere.status).toBe(2);
    expect(existsSync(join(home.root, "hook-x.blob"))).toBe(false);
    // Nothing of the rebuild left behind: no half-built blob, no probe's state, no lock.
    expect(readdirSync(home.snapshotDir).filter((name) => !/\.blob$|\.code-cache$/.test(name))).toEqual([]);
  });

  it("is what the bin by name runs for a hook (a committed settings file), with its cache in the host's state root", () => {
    // The bin as npm links it: package.json's, run through its own #! line.
    const { bin } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { bin: Record<string, string> };
    const launcher = join(packageDir, bin[BIN]!);
    expect(launcher.endsWith(`${BIN}.cjs`)).toBe(true);
    const root = testdir({ claude: {}, project: { "README.md": "# p\n" } });
    const env = {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      GOALPOST_HOOK_SERVER: "0",
      HOME: root,
      CLAUDE_CONFIG_DIR: join(root, "claude"),
    };
    const run = (args: string[], input = "") =>
      spawnSync(launcher, args, { env, input, cwd: join(root, "project"), encoding: "utf8", timeout: 30_000 });
    const payload = { session_id: "s-1", transcript_path: null, cwd: join(root, "project"), hook_event_name: "UserPromptSubmit" };

    const opened = run(["hook", "UserPromptSubmit"], JSON.stringify({ ...payload, prompt: "/goal Run by name" }));
    expect(opened.status, opened.stderr).toBe(0);
    expect(opened.stdout).toContain("Run by name");
    expect(readdirSync(join(root, "claude", "goalpost", "snapshot"))).toEqual([
      `${BIN}-snapshot-${process.version}-${process.platform}-${process.arch}.code-cache`,
    ]);
    // Every other command is the full bin.
    const status = run(["status", "--session", "s-1"]);
    expect(status.status, status.stderr).toBe(0);
    expect(status.stdout).toContain("Run by name");
    expect(run(["--version"]).stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string }).version,
    );
  });

  it("leaves a hook to the full bin where no loader was built beside it, and the bin still answers", () => {
    // A copy of the ESM bin and its chunks alone, as a checkout built without adapterBuild's loader would be.
    const root = testdir({ claude: {}, project: { "README.md": "# p\n" } });
    cpSync(join(packageDir, "dist"), join(root, "pkg", "dist"), {
      recursive: true,
      filter: (path) => !/-hook\.cjs$|-snapshot\.cjs$|\.map$/.test(path),
    });
    cpSync(join(packageDir, "package.json"), join(root, "pkg", "package.json"));
    const env = {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      GOALPOST_HOOK_SERVER: "0",
      HOME: root,
      CLAUDE_CONFIG_DIR: join(root, "claude"),
    };
    const payload = { session_id: "s-1", transcript_path: null, cwd: join(root, "project"), hook_event_name: "UserPromptSubmit" };
    const answered = spawnSync(process.execPath, [join(root, "pkg", "dist", `${BIN}.js`), "hook", "UserPromptSubmit"], {
      env,
      input: JSON.stringify({ ...payload, prompt: "/goal Answer without a loader" }),
      cwd: join(root, "project"),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(answered.status, answered.stderr).toBe(0);
    expect(answered.stdout).toContain("Answer without a loader");
    expect(existsSync(join(root, "claude", "goalpost", "snapshot"))).toBe(false);
  });
});
