// Every publishable package as a user gets it: packed with pnpm (as `pnpm release` publishes), the
// tarballs installed together into a clean project with npm and a fake home, then used — each host
// bin's install, doctor and uninstall, a hook, the MCP server's tools/list, the goalpost CLI, a
// CommonJS require, a strict TypeScript consumer without @types/node — and nothing shipped that a
// user does not run.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { installedHookCommands, removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const { packageManager } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { packageManager: string };
const publishable = ["packages", "apps"]
  .flatMap((group) => readdirSync(join(root, group)).map((dir) => join(root, group, dir)))
  .filter((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { private?: boolean };
    return !manifest.private;
  });

const HOSTS = [
  { bin: "goalpost-claude-code", home: ".claude" },
  { bin: "goalpost-codex", home: ".codex" },
  { bin: "goalpost-copilot-cli", home: ".copilot" },
  { bin: "goalpost-vscode-chat", home: ".config/Code/User" },
];

let work: string;
let consumer: string;
let env: Record<string, string>;
const tarballs: string[] = [];

beforeAll(() => {
  work = testdir({ packs: {}, consumer: { "package.json": '{ "name": "consumer", "private": true }\n' }, home: {} });
  consumer = join(work, "consumer");
  for (const dir of publishable) {
    const out = execFileSync("npx", ["--yes", packageManager, "pack", "--pack-destination", join(work, "packs")], {
      cwd: dir,
      encoding: "utf8",
    });
    tarballs.push(out.trim().split("\n").at(-1)!.trim());
  }
  // What an adapter's own build needs beside the kit (its optional peers) comes from the registry, as a
  // stranger gets it today: nothing pinned (TypeScript 7 is `latest`).
  const builders = ["tsup", "typescript", "@types/node@^20.19.0"];
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...tarballs, ...builders], {
    cwd: consumer,
    encoding: "utf8",
  });
  env = { PATH: `${join(consumer, "node_modules", ".bin")}:/usr/bin:/bin`, HOME: join(work, "home") };
}, 300_000);
afterAll(removeTestdirs);

/** Every file and folder under `dir`: a file's mode and bytes, a folder's mode. */
function snapshot(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    const mode = (stat.mode & 0o7777).toString(8);
    found[path] = stat.isFile() ? `${mode} ${readFileSync(path, "base64")}` : `${mode}${stat.isDirectory() ? " dir" : " other"}`;
  }
  return found;
}

/** Whether goalpost's walls can stand here (a root-owned bubblewrap that may make namespaces). */
const bubblewrapRuns = () =>
  existsSync("/usr/bin/bwrap") &&
  spawnSync("/usr/bin/bwrap", ["--ro-bind", "/", "/", "--unshare-net", "/bin/true"], { timeout: 10_000 }).status === 0;

const run = (command: string, args: string[], cwd = consumer) =>
  spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: 60_000 });

describe("the published packages", { timeout: 120_000 }, () => {
  it("ship their built code, types, README and LICENSE — no source maps, no test fixtures, no sources", () => {
    expect(tarballs).toHaveLength(publishable.length);
    for (const tarball of tarballs) {
      const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n");
      expect(files, tarball).toContain("package/LICENSE");
      expect(files, tarball).toContain("package/README.md");
      expect(
        // The kit's example host ships as source: it is what an adapter's author copies.
        files.filter((file) => /\.map$|__fixtures__|\/src\/|\.test\./.test(file) && !file.startsWith("package/examples/")),
        tarball,
      ).toEqual([]);
      const manifest = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }));
      expect(JSON.stringify(manifest), tarball).not.toContain("workspace:");
    }
  });

  it("link only to what they ship: every relative link in a shipped Markdown file names a file in the tarball", () => {
    for (const tarball of tarballs) {
      const files = new Set(execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n"));
      for (const doc of [...files].filter((file) => file.endsWith(".md"))) {
        const text = execFileSync("tar", ["-xzOf", tarball, doc], { encoding: "utf8" });
        for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^[a-z]+:|^#/.test(target!)) continue;
          const path = posix.normalize(posix.join(posix.dirname(doc), target!.split("#")[0]!)).replace(/\/$/, "");
          expect(
            files.has(path) || [...files].some((file) => file.startsWith(`${path}/`)),
            `${tarball}: ${doc} links ${target}`,
          ).toBe(true);
        }
      }
    }
  });

  it("install one by one into an empty folder with npm's defaults: no warning, no error", () => {
    // What a stranger types: `npm install <package>`, nothing pinned, npm's own log level. goalpost's
    // packages are not on the registry yet, so the goalpost packages a package needs are its packs too.
    const packOf = new Map(
      tarballs.map((tarball) => {
        const manifest = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }));
        return [manifest.name as string, { tarball, manifest }];
      }),
    );
    // A stranger's shell, not this test's: pnpm, which runs the test command, hands npm settings of its
    // own (npm_config_verify_deps_before_run) that npm would warn about.
    const strangersShell = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
    const withOwn = (name: string, found = new Set<string>()): Set<string> => {
      found.add(name);
      const { dependencies = {}, peerDependencies = {} } = packOf.get(name)!.manifest;
      for (const dependency of Object.keys({ ...dependencies, ...peerDependencies }))
        if (packOf.has(dependency) && !found.has(dependency)) withOwn(dependency, found);
      return found;
    };
    for (const name of packOf.keys()) {
      const folder = join(work, "alone", name.replace("/", "+"));
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "package.json"), '{ "name": "alone", "private": true }\n');
      const install = spawnSync(
        "npm",
        ["install", "--no-audit", "--no-fund", ...[...withOwn(name)].map((own) => packOf.get(own)!.tarball)],
        { cwd: folder, encoding: "utf8", timeout: 180_000, env: strangersShell },
      );
      expect(install.status, `${name}: ${install.stderr}`).toBe(0);
      expect(
        install.stderr.split("\n").filter((line) => /^npm (warn|error)/i.test(line)),
        name,
      ).toEqual([]);
    }
  });

  it("run a harness built on @goalpost/core and @goalpost/verifier: two sessions, each goal held, then closed on goalpost's own run", () => {
    const harness = run(process.execPath, [join(consumer, "node_modules/@goalpost/verifier/examples/harness.mjs")]);
    if (!bubblewrapRuns()) {
      expect(harness.stdout).toMatch(/goal (?:active|needs-input)/);
      return console.warn("no bubblewrap here: the harness's goals wait for the user, as they should");
    }
    expect(harness.status, `${harness.stdout}${harness.stderr}`).toBe(0);
    for (const session of ["session-a", "session-b"]) {
      expect(harness.stdout).toMatch(
        new RegExp(`\\[${session}\\] stop: block-stop — goalpost: this session should not stop yet`),
      );
      expect(harness.stdout).toContain(
        `[${session}] goal complete: \`npm test\`: node:test reports 1 passed, 0 failed (bubblewrap)`,
      );
    }
  });

  it("build a third-party adapter with the kit from the packs — the example host — and close a goal through its hooks", () => {
    const kit = join(consumer, "node_modules/@goalpost/adapter-kit");
    const acme = join(consumer, "acme");
    cpSync(join(kit, "examples/example-host"), acme, { recursive: true });
    // The manifest the example's README gives; its dependencies are installed beside it already.
    const readme = readFileSync(join(acme, "README.md"), "utf8");
    const manifest = JSON.parse(/```json\n([\s\S]*?)```/.exec(readme)![1]!) as Record<string, unknown>;
    expect(Object.keys(manifest.devDependencies as object)).toEqual(
      expect.arrayContaining(["@goalpost/adapter-kit", "@goalpost/core", "tsup", "typescript"]),
    );
    writeFileSync(join(acme, "package.json"), JSON.stringify({ ...manifest, dependencies: {}, devDependencies: {} }));
    const build = spawnSync(join(consumer, "node_modules/.bin/tsup"), [], { cwd: acme, env, encoding: "utf8", timeout: 180_000 });
    expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
    // The library entry's types need TypeScript's JavaScript API, which TypeScript 7 does not ship: said, not failed.
    const typescript = JSON.parse(readFileSync(join(consumer, "node_modules/typescript/package.json"), "utf8")) as {
      version: string;
    };
    const native = Number.parseInt(typescript.version, 10) >= 7;
    expect(readdirSync(join(acme, "dist"))).toEqual(
      expect.arrayContaining([
        "goalpost-acme.cjs",
        "goalpost-acme-hook-bundle.cjs",
        "goalpost-acme-hook.sh",
        ...(native ? [] : ["index.d.ts"]),
      ]),
    );
    if (native)
      expect(build.stderr).toMatch(/has no JavaScript API for tsup's declaration build.*npm install --save-dev typescript@6/);

    // Installed into Acme's home; a session in a project whose tests fail until `add` adds.
    const acmeHome = join(work, "acme-home");
    const binDir = join(work, "acme-bin");
    mkdirSync(binDir, { recursive: true });
    symlinkSync(join(acme, "dist/goalpost-acme.cjs"), join(binDir, "goalpost-acme"));
    const project = join(work, "acme-project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "p", private: true, scripts: { test: "node --test" } }));
    writeFileSync(join(project, "math.js"), "exports.add = (a, b) => a - b;\n");
    writeFileSync(
      join(project, "math.test.js"),
      'const test = require("node:test");\nconst assert = require("node:assert");\ntest("adds", () => assert.strictEqual(require("./math.js").add(2, 3), 5));\n',
    );
    const acmeEnv = { ...env, PATH: `${binDir}:${env["PATH"]}`, ACME_HOME: acmeHome, ACME_SESSION: "acme-1" };
    const install = spawnSync("goalpost-acme", ["install"], { cwd: project, env: acmeEnv, encoding: "utf8", timeout: 60_000 });
    expect(install.status, `${install.stdout}${install.stderr}`).toBe(0);
    const hooks = installedHookCommands(
      (JSON.parse(readFileSync(join(acmeHome, "settings.jsonc"), "utf8").replace(/^\s*\/\/.*$/gm, "")) as { hooks: unknown })
        .hooks,
      "goalpost-acme",
    );
    const hook = (event: string, fields: Record<string, unknown> = {}) => {
      const ran = spawnSync("/bin/sh", ["-c", hooks[event]!], {
        cwd: project,
        env: acmeEnv,
        input: JSON.stringify({ event, session: "acme-1", dir: project, ...fields }),
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(ran.status, ran.stderr).toBe(0);
      return ran.stdout.trim() ? (JSON.parse(ran.stdout) as Record<string, string>) : {};
    };
    // The agent runs a goal tool in its shell: Acme's before_tool hook sees the command first.
    const shell = (command: string) => {
      hook("before_tool", { tool: "sh", args: { command } });
      return spawnSync("/bin/sh", ["-c", command], { cwd: project, env: acmeEnv, encoding: "utf8", timeout: 60_000 });
    };
    expect(hook("user_prompt", { prompt: "/goal fix add; done when `npm test` passes" }).context).toMatch(/<session_goal /);
    expect(hook("stop").block).toMatch(/should not stop yet/);
    expect(
      shell(`goalpost-acme open '${JSON.stringify({ objective: "add returns the sum", remaining: ["fix add"] })}'`).status,
    ).toBe(0);
    hook("before_tool", { tool: "write", args: { path: join(project, "math.js") } });
    writeFileSync(join(project, "math.js"), "exports.add = (a, b) => a + b;\n");
    hook("after_tool", { tool: "write", args: { path: join(project, "math.js") }, ok: true });
    const evidence = {
      doneSoFar: ["Changed add in math.js to return a + b"],
      inspectionEvidence: ["Read math.js and math.test.js"],
      validationProof: ["math.test.js asserts add(2, 3) is 5"],
      verificationResults: ["npm test: the adds test passes"],
      completionAudit: ["The objective checked against math.test.js"],
      remaining: [],
    };
    expect(shell(`goalpost-acme update '${JSON.stringify(evidence)}'`).status).toBe(0);
    const close = shell(`goalpost-acme close '{"status":"complete"}'`);
    expect(`${close.stdout}${close.stderr}`).toMatch(/goalpost is now running the user's checks itself/);
    if (!bubblewrapRuns()) return console.warn("no bubblewrap here: the close waits for the user");
    // The stop is held while goalpost's own process runs the checks; then the goal is closed.
    let stop = hook("stop");
    for (let turn = 0; turn < 60 && stop.block; turn++) {
      spawnSync("sleep", ["1"]);
      stop = hook("stop");
    }
    expect(stop.block).toBeUndefined();
    // Closed as complete on goalpost's run, as the goalpost CLI reads Acme's state root.
    const show = spawnSync("goalpost", ["show", "--root", join(acmeHome, "goalpost"), "--json"], {
      cwd: project,
      env: acmeEnv,
      encoding: "utf8",
    });
    expect(JSON.parse(show.stdout).goal).toMatchObject({
      status: "complete",
      verification: { state: "passed", sandbox: "bubblewrap", verdict: expect.stringMatching(/node:test reports 1 passed/) },
    });
  }, 300_000);

  it("install into each host, doctor it, answer a hook and uninstall, from the installed bins", () => {
    for (const host of HOSTS) {
      const install = run(host.bin, ["install"]);
      expect(install.status, `${host.bin}: ${install.stderr}`).toBe(0);
      const doctor = run(host.bin, ["doctor"]);
      expect(doctor.status, `${host.bin}: ${doctor.stdout}`).toBe(0);
      expect(doctor.stdout).toMatch(/✓ goal tools: the MCP server starts and offers goalpost_status/);
      expect(doctor.stdout).toMatch(/✓ hook run: /);
      expect(run(host.bin, ["--version"]).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
      if (host.bin === "goalpost-claude-code") {
        // The installed command line, as Claude Code runs it, answers a /goal prompt.
        const settings = JSON.parse(readFileSync(join(env["HOME"]!, ".claude", "settings.json"), "utf8"));
        const command = settings.hooks.UserPromptSubmit[0].hooks[0].command as string;
        const payload = {
          session_id: "s1",
          cwd: consumer,
          transcript_path: null,
          hook_event_name: "UserPromptSubmit",
          prompt: "/goal ship it",
        };
        const hook = spawnSync("/bin/sh", ["-c", command], {
          cwd: consumer,
          env,
          input: JSON.stringify(payload),
          encoding: "utf8",
        });
        expect(hook.status, hook.stderr).toBe(0);
        expect(JSON.parse(hook.stdout).hookSpecificOutput.additionalContext).toContain("ship it");
        // The command runs the hook script, whose loader made its code cache from the installed bundle
        // (npm gives it a fixed mtime: the package version tells bundles apart).
        expect(command).toMatch(/^h=\S+; set -- UserPromptSubmit \S+; \. "\$h\/goalpost-claude-code-hook\.sh"$/);
        const cacheDir = join(env["HOME"]!, ".claude", "goalpost", "fast-path");
        const [cache] = readdirSync(cacheDir).filter((name) => name.endsWith(".code-cache"));
        expect(readFileSync(join(cacheDir, cache!), "latin1").split("\n")[0]).toMatch(/^\d+:\d+(?:\.\d+)?:\d+\.\d+\.\d+/);
        // By name from PATH, as a committed settings file runs it: npm's link, <bin>.cjs, hands the
        // hook to the same loader and cache. The goal just opened refuses the stop.
        const byName = spawnSync("/bin/sh", ["-c", "goalpost-claude-code hook Stop"], {
          cwd: consumer,
          env,
          input: JSON.stringify({ ...payload, hook_event_name: "Stop", stop_hook_active: false }),
          encoding: "utf8",
        });
        expect(byName.status, byName.stderr).toBe(0);
        expect(JSON.parse(byName.stdout)).toMatchObject({ decision: "block" });
        expect(readdirSync(cacheDir).filter((name) => name.endsWith(".code-cache"))).toEqual([cache]);
      }
      const uninstall = run(host.bin, ["uninstall"]);
      expect(uninstall.status, `${host.bin}: ${uninstall.stderr}`).toBe(0);
    }
    const status = run("goalpost", ["status", "--json"]);
    // The goalpost CLI finds the goal the installed hook captured in this directory.
    expect(JSON.parse(status.stdout).goals).toEqual([expect.objectContaining({ host: "claude-code", objective: "ship it" })]);
    expect(run("goalpost", ["--version"]).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("walk a newcomer's first ten minutes: install into every host, a session, status, show and report, uninstall — the home as it was but for the goal records, which are named", () => {
    const home = join(work, "newcomer");
    const project = join(work, "newcomer-project");
    const user: Record<string, string> = {
      ".claude/settings.json": `${JSON.stringify({ model: "opus", statusLine: { type: "command", command: "echo my-line" } }, null, 2)}\n`,
      ".codex/config.toml": '# my Codex settings\nmodel = "o4-mini"\n',
      ".copilot/settings.json": '{ "theme": "dim" }\n',
      ".config/Code/User/settings.json": '{\n  // mine\n  "editor.fontSize": 14\n}\n',
    };
    for (const [path, text] of Object.entries(user)) {
      mkdirSync(dirname(join(home, path)), { recursive: true });
      writeFileSync(join(home, path), text);
    }
    mkdirSync(project, { recursive: true });
    execFileSync("chmod", ["-R", "u=rwX,go=rX", home]);
    const before = snapshot(home);
    const newcomer = { ...env, HOME: home };
    const goalpost = (...args: string[]) =>
      spawnSync("goalpost", args, { cwd: project, env: newcomer, encoding: "utf8", timeout: 120_000 });

    const install = goalpost("install", "--yes");
    expect(install.status, `${install.stdout}${install.stderr}`).toBe(0);
    for (const name of ["Claude Code", "Codex", "Copilot CLI", "VS Code"]) expect(install.stdout).toContain(name);
    // A session in Claude Code, through the commands install wrote, as Claude Code runs them.
    const settings = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8"));
    const hook = (event: string, fields: Record<string, unknown>) =>
      spawnSync("/bin/sh", ["-c", settings.hooks[event][0].hooks[0].command], {
        cwd: project,
        env: { ...newcomer, CLAUDE_PROJECT_DIR: project },
        input: JSON.stringify({ session_id: "n1", cwd: project, transcript_path: null, hook_event_name: event, ...fields }),
        encoding: "utf8",
      });
    expect(hook("UserPromptSubmit", { prompt: "/goal tidy the readme" }).status).toBe(0);
    expect(JSON.parse(hook("Stop", { stop_hook_active: false }).stdout)).toMatchObject({ decision: "block" });
    const statusLine = spawnSync("/bin/sh", ["-c", settings.statusLine.command], {
      cwd: project,
      env: newcomer,
      input: JSON.stringify({ session_id: "n1", cwd: project }),
      encoding: "utf8",
    });
    expect(statusLine.stdout).toMatch(/^my-line\ngoalpost ◎ tidy the readme · /);

    const status = goalpost("status");
    expect(status.stdout).toMatch(/1 open goal in /);
    const goalId = /(goal_\w+) {2}/.exec(status.stdout)?.[1] ?? "";
    expect(goalpost("show", goalId).stdout).toContain("Stop blocked");
    const report = JSON.parse(goalpost("report", goalId, "--json").stdout) as { path: string };
    expect(readFileSync(report.path, "utf8")).toContain("tidy the readme");

    const uninstall = goalpost("uninstall", "--yes");
    expect(uninstall.status, `${uninstall.stdout}${uninstall.stderr}`).toBe(0);
    const records = join(home, ".claude", "goalpost");
    expect(uninstall.stdout).toContain(`kept your goal records in ${records}`);
    // Byte for byte and mode for mode as before, but for the goal records named, and the machine's list
    // of state roots that names where they are.
    const after = snapshot(home);
    const registry = join(home, ".local");
    const extra = Object.keys(after).filter((path) => !(path in before));
    expect(Object.keys(before)).toEqual(expect.arrayContaining(Object.keys(user).map((path) => join(home, path))));
    expect(extra.filter((path) => !path.startsWith(records) && !path.startsWith(registry))).toEqual([]);
    expect(
      extra
        .filter((path) => path.startsWith(records))
        .map((path) => path.slice(records.length + 1).split("/")[0])
        .sort(),
    ).toEqual(expect.arrayContaining(["by-session", "reports"]));
    for (const [path, state] of Object.entries(before)) expect(after[path], path).toEqual(state);
    // --purge: the records and the registry entry go too, and the home is exactly as it was.
    expect(goalpost("uninstall", "--yes", "--purge").status).toBe(0);
    expect(snapshot(home)).toEqual(before);
  });

  it("serve the goal tools from @goalpost/mcp's own bin", () => {
    const requests = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
    ];
    const server = spawnSync(
      "goalpost-mcp",
      ["--root", join(work, "state"), "--host", "harness", "--session-from", "arguments"],
      {
        cwd: consumer,
        env,
        input: `${requests.map((request) => JSON.stringify(request)).join("\n")}\n`,
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    const list = server.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id?: number; result?: { tools?: { name: string }[] } })
      .find((message) => message.id === 2);
    expect(list?.result?.tools?.map((tool) => tool.name)).toEqual([
      "goalpost_status",
      "goalpost_open",
      "goalpost_update",
      "goalpost_close",
    ]);
  });

  it("type-check in a strict TypeScript project without @types/node", () => {
    writeFileSync(
      join(consumer, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          types: [],
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
        },
        files: ["consumer.ts"],
      }),
    );
    writeFileSync(
      join(consumer, "consumer.ts"),
      `import { createGoalEngine, createGoalStore, type EngineEventInput, type Env } from "@goalpost/core";
import { createGoalMcpServer, resolveByArguments } from "@goalpost/mcp";
import { descriptor } from "@goalpost/adapter-codex";
import { createGoalEngine as harnessEngine, type EngineDecision, goalToolDefinitions } from "@goalpost/core/harness";
import { readNotices } from "@goalpost/core/notices";
import { resolveStoreRoot } from "@goalpost/core/store-root";
import { runVerification, verifyInProcess } from "@goalpost/verifier";
const env: Env = { HOME: "/home/me" };
const store = createGoalStore({ root: "/tmp/consumer" });
const event: EngineEventInput = { type: "stop-requested", sessionId: "s", host: "harness", cwd: "/p" };
const action: string = createGoalEngine({ store }).handle(event).action;
createGoalMcpServer({ store, resolveSession: resolveByArguments(store, "harness") });
export const found: [string, string] = [action, descriptor.stateRoot(env)];
export const decided: EngineDecision = harnessEngine({ store, startVerification: verifyInProcess(store) }).handle(event);
export const toolNames: string[] = goalToolDefinitions().map((tool) => tool.name);
export const smaller: [number, string, typeof runVerification] = [readNotices("/tmp/consumer").length, resolveStoreRoot("/tmp/r", env), runVerification];
`,
    );
    const tsc = run(process.execPath, [createRequire(import.meta.url).resolve("typescript/bin/tsc"), "-p", consumer]);
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    expect(tsc.status).toBe(0);
  });

  it("load with require() from CommonJS where Node can require ES modules", () => {
    writeFileSync(
      join(consumer, "consumer.cjs"),
      `for (const name of ["@goalpost/core", "@goalpost/mcp", "@goalpost/adapter-kit", "@goalpost/adapter-codex"]) console.log(name, typeof require(name));\n`,
    );
    const loaded = run(process.execPath, ["consumer.cjs"]);
    if (process.features.require_module)
      expect(loaded.stdout.trim().split("\n")).toEqual([
        "@goalpost/core object",
        "@goalpost/mcp object",
        "@goalpost/adapter-kit object",
        "@goalpost/adapter-codex object",
      ]);
    else expect(loaded.stderr).toContain("ERR_REQUIRE_ESM");
  });
});
