// The hook run in Node, through the example host's built hook loader (`goalpost-acme-hook.cjs`) and
// its V8 code cache: a real child process running the real bundle, as the hook script does.
// The loader's own path, so without the hook server (GOALPOST_HOOK_SERVER=0; hook-server.test.ts
// covers the hooks it answers).
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, packageCopy, packageDir } from "../__fixtures__/acme-copy.js";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "../testing/index.js";

afterEach(removeTestdirs);

/** A copy of the built package, its hooks run by the loader alone. */
function loaderCopy() {
  const pkg = packageCopy({ env: { GOALPOST_HOOK_SERVER: "0" } });
  const cacheDir = pkg.fastPathDir;
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

/** Acme's environment in a fake home at `root`, its hooks run by the loader alone. */
const acmeEnv = (root: string) => ({
  PATH: process.env["PATH"] ?? "/usr/bin:/bin",
  GOALPOST_HOOK_SERVER: "0",
  HOME: root,
  ACME_HOME: join(root, "acme"),
});

/** A fake Acme home with goalpost installed by its own bin, the installed hook commands by event, and a way to run them. */
function installedHome() {
  const root = testdir({ acme: {}, project: { "README.md": "# p\n" } });
  const env = acmeEnv(root);
  const bin = (...words: string[]) =>
    spawnSync(process.execPath, [join(packageDir, "dist", `${BIN}.js`), ...words], { env, encoding: "utf8", timeout: 60_000 });
  const install = bin("install");
  expect(install.status, install.stderr).toBe(0);
  const commands = installedHookCommands(
    (JSON.parse(readFileSync(join(root, "acme", "settings.jsonc"), "utf8")) as { hooks: unknown }).hooks,
    BIN,
  );
  const hook = (event: string, extra: Record<string, unknown>) =>
    runInstalledHook(
      commands[event]!,
      { event, session: "s-1", dir: join(root, "project"), ...extra },
      {
        env,
        cwd: join(root, "project"),
      },
    );
  return { root, env, bin, commands, hook };
}

const openGoal = { prompt: "/goal Make the CSV importer stream files" };
const stop = {};

describe("the hook loader", { timeout: 60_000 }, () => {
  it("answers as the bundle does, makes its code cache once, then runs from it", () => {
    const pkg = loaderCopy();
    const opened = pkg.hook("user_prompt", openGoal);
    expect(opened.status).toBe(0);
    expect(opened.stdout).toContain("Make the CSV importer stream files");
    const [file] = pkg.cacheFiles();
    expect(file).toBe(`${BIN}-hook-bundle-${process.version}-${process.platform}-${process.arch}.code-cache`);
    const path = join(pkg.cacheDir, file!);
    const made = statSync(path);
    expect(made.mode & 0o777).toBe(0o600);
    // The file names the bundle it was made from: size, mtime and package version.
    const bundle = statSync(join(pkg.dist, `${BIN}-hook-bundle.cjs`));
    const { version } = JSON.parse(readFileSync(join(pkg.root, "pkg", "package.json"), "utf8")) as { version: string };
    expect(readFileSync(path, "latin1").split("\n")[0]).toBe(`${bundle.size}:${bundle.mtimeMs}:${version}`);

    const blocked = pkg.hook("stop", stop);
    expect(blocked.status).toBe(0);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
    // Taken, not made again.
    expect(statSync(path).mtimeMs).toBe(made.mtimeMs);
    expect(statSync(path).ino).toBe(made.ino);
  });

  it("answers the same from a damaged cache, and replaces it", () => {
    const pkg = loaderCopy();
    expect(pkg.hook("user_prompt", openGoal).status).toBe(0);
    const path = join(pkg.cacheDir, pkg.cacheFiles()[0]!);
    const good = readFileSync(path);
    const stamp = good.subarray(0, good.indexOf(10) + 1);
    writeFileSync(path, Buffer.concat([stamp, Buffer.alloc(good.length - stamp.length, 7)]));
    const blocked = pkg.hook("stop", stop);
    expect(blocked.status).toBe(0);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
    expect(readFileSync(path).subarray(stamp.length, stamp.length + 64)).not.toEqual(Buffer.alloc(64, 7));
  });

  it("never runs an old bundle's cache: a changed bundle makes a new one", () => {
    const pkg = loaderCopy();
    expect(pkg.hook("user_prompt", openGoal).status).toBe(0);
    const path = join(pkg.cacheDir, pkg.cacheFiles()[0]!);
    const before = readFileSync(path, "latin1").split("\n")[0];
    appendFileSync(join(pkg.dist, `${BIN}-hook-bundle.cjs`), "\n// rebuilt\n");
    const blocked = pkg.hook("stop", stop);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
    const after = readFileSync(path, "latin1").split("\n")[0];
    expect(after).not.toBe(before);
    const rebuilt = statSync(join(pkg.dist, `${BIN}-hook-bundle.cjs`));
    expect(after).toMatch(new RegExp(`^${rebuilt.size}:${rebuilt.mtimeMs}:`));
  });

  it("still answers, every time, when the cache cannot be written", () => {
    const pkg = loaderCopy();
    mkdirSync(join(pkg.root, "state"));
    writeFileSync(pkg.cacheDir, "not a folder");
    const opened = pkg.hook("user_prompt", openGoal);
    expect(opened.status).toBe(0);
    expect(opened.stderr).toBe("");
    expect(opened.stdout).toContain("Make the CSV importer stream files");
    const blocked = pkg.hook("stop", stop);
    expect(blocked.status).toBe(0);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
    expect(readFileSync(pkg.cacheDir, "utf8")).toBe("not a folder");
  });

  it("is what an installed command runs without a server, and doctor says whether its code cache is made", () => {
    const home = installedHome();
    expect(home.bin("doctor").stdout).toMatch(/✓ hook command: \S+ \(the first hook Node runs makes a code cache for the rest\)/);
    expect(home.hook("user_prompt", { prompt: "/goal Start from the cache" }).stdout).toContain("Start from the cache");
    expect(home.bin("doctor").stdout).toMatch(/✓ hook command: \S+ \(Node runs it from the code cache the first one made\)/);
    expect(home.hook("stop", stop).output).toMatchObject({ block: expect.any(String) });
    // The warm-up that filled the cache ran against a throwaway root, which the machine's registry of roots never saw.
    const registry = join(home.root, ".local", "state", "goalpost", "roots");
    const registered = readdirSync(registry).map((name) => readFileSync(join(registry, name), "utf8"));
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((entry) => entry.includes("warm-up"))).toEqual([]);
  });

  it("is what the bin by name runs for a hook (a committed settings file), with its cache in the host's state root", () => {
    // The bin as npm links it: package.json's, run through its own #! line.
    const { bin } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { bin: Record<string, string> };
    const launcher = join(packageDir, bin[BIN]!);
    expect(launcher.endsWith(`${BIN}.cjs`)).toBe(true);
    const root = testdir({ acme: {}, project: { "README.md": "# p\n" } });
    const env = acmeEnv(root);
    const run = (args: string[], input = "") =>
      spawnSync(launcher, args, { env, input, cwd: join(root, "project"), encoding: "utf8", timeout: 30_000 });
    const payload = { event: "user_prompt", session: "s-1", dir: join(root, "project") };

    const opened = run(["hook", "user_prompt"], JSON.stringify({ ...payload, prompt: "/goal Run by name" }));
    expect(opened.status, opened.stderr).toBe(0);
    expect(opened.stdout).toContain("Run by name");
    expect(readdirSync(join(root, "acme", "goalpost", "fast-path"))).toEqual([
      `${BIN}-hook-bundle-${process.version}-${process.platform}-${process.arch}.code-cache`,
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
    const root = testdir({ acme: {}, project: { "README.md": "# p\n" } });
    cpSync(join(packageDir, "dist"), join(root, "pkg", "dist"), {
      recursive: true,
      filter: (path) => !/-hook\.cjs$|-hook-bundle\.cjs$|\.map$/.test(path),
    });
    cpSync(join(packageDir, "package.json"), join(root, "pkg", "package.json"));
    const env = acmeEnv(root);
    const payload = { event: "user_prompt", session: "s-1", dir: join(root, "project") };
    const answered = spawnSync(process.execPath, [join(root, "pkg", "dist", `${BIN}.js`), "hook", "user_prompt"], {
      env,
      input: JSON.stringify({ ...payload, prompt: "/goal Answer without a loader" }),
      cwd: join(root, "project"),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(answered.status, answered.stderr).toBe(0);
    expect(answered.stdout).toContain("Answer without a loader");
    expect(existsSync(join(root, "acme", "goalpost", "fast-path"))).toBe(false);
  });
});
