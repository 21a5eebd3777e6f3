// The walls around goalpost's run of a check, tried from inside by the check itself, as code the agent
// left for goalpost to run would try them: each probe is a real check in the real sandbox, and what it
// did is looked for afterwards on the host. A fake home holds the hosts' credential files, a toolchain
// folder with a registry token in it, and the user's npm settings with a token.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { type GoalCheck, treeState } from "@goalpost/core/internal";
import { describe, expect, it } from "vitest";
import { openCheckSandbox } from "./check-sandbox.js";
import { runCheck } from "./run-check.js";
import { git, madeRunFolder, sandboxUnavailable, temporaryDir, writeFiles } from "./test-projects.js";

const unavailable = await sandboxUnavailable();
if (unavailable) console.warn(`check walls tests skipped: ${unavailable}`);

const SECRET = "s3cr3t-token-value";

/** A fake home with the credentials a check must never read, and a toolchain folder it may. */
function fakeHome() {
  const home = temporaryDir("ada-home-");
  writeFiles(home, {
    ".claude/.credentials.json": `{"token":"${SECRET}"}`,
    ".codex/auth.json": `{"OPENAI_API_KEY":"${SECRET}"}`,
    ".git-credentials": `https://user:${SECRET}@example.com\n`,
    ".config/gh/hosts.yml": `oauth_token: ${SECRET}\n`,
    ".ssh/id_ed25519": `${SECRET}\n`,
    ".aws/credentials": `[default]\naws_secret_access_key = ${SECRET}\n`,
    ".config/gcloud/application_default_credentials.json": `{"refresh_token":"${SECRET}"}`,
    ".azure/msal_token_cache.json": `{"AccessToken":"${SECRET}"}`,
    ".kube/config": `users:\n- user:\n    token: ${SECRET}\n`,
    ".docker/config.json": `{"auths":{"ghcr.io":{"auth":"${SECRET}"}}}`,
    ".pypirc": `[pypi]\npassword = ${SECRET}\n`,
    ".netrc": `machine example.com login me password ${SECRET}\n`,
    ".copilot/config.json": `{"token":"${SECRET}"}`,
    ".npmrc": `registry=https://registry.example.com/\n//registry.example.com/:_authToken=${SECRET}\n`,
    ".gitconfig": `[user]\n\tname = Ada\n\temail = ada@example.com\n[credential]\n\thelper = store --file ~/.git-credentials\n[url "https://${SECRET}@github.com/"]\n\tinsteadOf = https://github.com/\n`,
    ".toolchain/bin/tool": "#!/bin/sh\necho toolchain-ran\n",
    ".cargo/credentials.toml": `[registry]\ntoken = "${SECRET}"\n`,
    ".cargo/registry/index/readme": "an index\n",
  });
  chmodSync(join(home, ".toolchain/bin/tool"), 0o755);
  return home;
}

/** Runs `command` as a check in the walls for `project`, with `home` as the user's. */
async function inWalls(
  project: string,
  command: string,
  options: { home?: string; readable?: string[]; unreadable?: string[]; path?: string } = {},
) {
  const home = options.home ?? fakeHome();
  const runDir = madeRunFolder();
  const opened = await openCheckSandbox({
    project,
    runDir,
    readable: options.readable ?? [join(home, ".toolchain"), join(home, ".cargo")],
    unreadable: options.unreadable ?? [],
    env: { HOME: home, PATH: process.env["PATH"] },
    ...(options.path ? { path: options.path } : {}),
  });
  if (!("sandbox" in opened)) throw new Error(opened.unavailable);
  const check: GoalCheck = { command, kind: "other", source: "user" };
  const run = await runCheck(check, {
    cwd: project,
    sandbox: opened.sandbox,
    path: `${join(home, ".toolchain", "bin")}:${process.env["PATH"]}`,
    timeoutMs: 60_000,
    env: { HOME: home, PATH: process.env["PATH"], LANG: "C.UTF-8" },
  });
  return { ...run, made: opened.sandbox.madeByTheRun(), home, runDir };
}

const project = () => {
  const cwd = temporaryDir("work-");
  writeFiles(cwd, { "a.txt": "a\n", ".gitignore": ".vscode/\n.envrc\n" });
  git(cwd, "init", "-q");
  git(cwd, "add", "-A");
  git(cwd, "commit", "-qm", "one");
  return cwd;
};

describe.skipIf(unavailable !== null)("the walls around a check", { timeout: 60_000 }, () => {
  it("reads no credential of the user's: the hosts', git's, gh's, ssh's, the cloud CLIs', docker's, pip's, netrc's, a token in a readable toolchain folder, npm's token", async () => {
    const cwd = project();
    const files = [
      ".claude/.credentials.json",
      ".codex/auth.json",
      ".git-credentials",
      ".config/gh/hosts.yml",
      ".ssh/id_ed25519",
      ".cargo/credentials.toml",
      ".aws/credentials",
      ".config/gcloud/application_default_credentials.json",
      ".azure/msal_token_cache.json",
      ".kube/config",
      ".docker/config.json",
      ".pypirc",
      ".netrc",
      ".copilot/config.json",
    ];
    const { result, home } = await inWalls(
      cwd,
      `for f in ${files.map((file) => `"$HOME/${file}"`).join(" ")}; do cat "$f" 2>/dev/null; done; cat ~/.npmrc ~/.gitconfig; cat ~/.cargo/registry/index/readme; ~/.toolchain/bin/tool`,
    );
    expect(result.output).not.toContain(SECRET);
    // What the toolchain needs is there: the toolchain, its registry index, the user's npm registry and git name.
    expect(result.output).toContain("registry=https://registry.example.com/");
    expect(result.output).toContain("name = Ada");
    expect(result.output).toContain("an index");
    expect(result.output).toContain("toolchain-ran");
    expect(readFileSync(join(home, ".npmrc"), "utf8")).toContain(SECRET);
  });

  it("keeps out the secrets the tools' own settings hold: npm's quoted keys and URL passwords, cargo's registry token, nvm's global npmrc", async () => {
    const cwd = project();
    const home = fakeHome();
    const nvm = join(home, ".nvm", "versions", "node", "v20.0.0");
    writeFiles(home, {
      ".npmrc": [
        "registry=https://registry.example.com/",
        `"//registry.example.com/:_authToken"=${SECRET}`,
        `@corp:registry=https://me:${SECRET}@npm.corp.example.com/`,
        `https-proxy=http://proxy-user:${SECRET}@proxy.example.com:8080`,
        `'//npm.corp.example.com/:_password'=${SECRET}`,
        "save-exact=true",
      ].join("\n"),
      ".cargo/config.toml": `[net]\ngit-fetch-with-cli = true\n[registry]\ntoken = "${SECRET}"\n[registries.corp]\nindex = "sparse+https://cargo.example.com/"\ntoken = "${SECRET}"\n`,
      ".nvm/versions/node/v20.0.0/bin/node": "#!/bin/sh\necho nvm-node\n",
      ".nvm/versions/node/v20.0.0/etc/npmrc": `//registry.example.com/:_authToken=${SECRET}\nfund=false\n`,
    });
    chmodSync(join(nvm, "bin", "node"), 0o755);
    const { result } = await inWalls(
      cwd,
      `cat ~/.npmrc ~/.cargo/config.toml "${nvm}/etc/npmrc"; grep -rl ${SECRET} ~ 2>/dev/null; true`,
      {
        home,
        readable: [join(home, ".cargo"), join(home, ".nvm")],
        path: `${join(nvm, "bin")}:${process.env["PATH"]}`,
      },
    );
    expect(result.output).not.toContain(SECRET);
    // What the tools need of those files is there.
    expect(result.output).toContain("@corp:registry=https://npm.corp.example.com/");
    expect(result.output).toContain("https-proxy=http://proxy.example.com:8080");
    expect(result.output).toContain("save-exact=true");
    expect(result.output).toContain("git-fetch-with-cli = true");
    expect(result.output).toContain('index = "sparse+https://cargo.example.com/"');
    expect(result.output).toContain("fund=false");
    expect(readFileSync(join(home, ".cargo", "config.toml"), "utf8")).toContain(SECRET);
  });

  it("sees the user's tool settings as their shell does — pnpm's, yarn's, Go's, pip's — with no secret in them", async () => {
    const cwd = project();
    const home = fakeHome();
    writeFiles(home, {
      // Where `pnpm config set` writes: without it, a pinned packageManager sends pnpm to fetch another pnpm.
      ".config/pnpm/rc": `manage-package-manager-versions=false\n//npm.example.com/:_authToken=${SECRET}\n`,
      ".yarnrc.yml": `npmRegistryServer: "https://npm.example.com"\nnpmAuthToken: "${SECRET}"\n`,
      ".config/go/env": `GOFLAGS=-mod=mod\nGOPROXY=https://me:${SECRET}@proxy.example.com,direct\n`,
      ".config/pip/pip.conf": `[global]\nindex-url = https://me:${SECRET}@pypi.example.com/simple\npassword = ${SECRET}\n`,
    });
    const { result } = await inWalls(
      cwd,
      "cat ~/.config/pnpm/rc ~/.yarnrc.yml ~/.config/go/env ~/.config/pip/pip.conf; echo x >> ~/.config/pnpm/rc || echo read-only",
      { home },
    );
    expect(result.output).not.toContain(SECRET);
    expect(result.output).toContain("manage-package-manager-versions=false");
    expect(result.output).toContain('npmRegistryServer: "https://npm.example.com"');
    expect(result.output).toContain("GOPROXY=https://proxy.example.com,direct");
    expect(result.output).toContain("index-url = https://pypi.example.com/simple");
    expect(result.output).toContain("read-only");
    expect(readFileSync(join(home, ".config/pnpm/rc"), "utf8")).toContain(SECRET);
  });

  it("lets npm write its cache as in the user's shell (`npm pack` in a pretest), and keeps none of it", async () => {
    const cwd = project();
    writeFiles(cwd, { "package.json": JSON.stringify({ name: "packed", version: "1.0.0", files: ["a.txt"] }) });
    const home = fakeHome();
    writeFiles(home, { ".npm/_cacache/content-v2/sha512/00/kept": "the user's\n" });
    const before = spawnSync("find", [join(home, ".npm")], { encoding: "utf8" }).stdout;
    const { result } = await inWalls(cwd, "npm pack --loglevel=error && ls ~/.npm/_cacache", {
      home,
      readable: [join(home, ".toolchain"), join(home, ".npm")],
    });
    expect(result.exitCode, result.output).toBe(0);
    expect(existsSync(join(cwd, "packed-1.0.0.tgz"))).toBe(true);
    expect(spawnSync("find", [join(home, ".npm")], { encoding: "utf8" }).stdout).toBe(before);
  });

  it("gives Go the user's build cache to read, its own to write, and keeps none of it (a check cannot plant an entry)", async () => {
    const cwd = project();
    writeFiles(cwd, { "go.mod": "module example.com/m\n\ngo 1.19\n" });
    const home = fakeHome();
    const cache = join(home, ".cache", "go-build");
    writeFiles(cache, {
      README: "This directory holds cached build artifacts from the Go build system.\n",
      "ab/ab01-d": "the user's entry\n",
    });
    const before = spawnSync("find", [cache, "-printf", "%p %s\\n"], { encoding: "utf8" }).stdout;
    const { result } = await inWalls(
      cwd,
      [
        'c="$HOME/.cache/go-build"',
        'cat "$c/ab/ab01-d"',
        'echo built > "$c/ab/ab02-d" && echo wrote-new',
        '(echo planted > "$c/ab/ab01-d") 2>/dev/null || echo entry-kept',
        '(echo planted > "$c.user/ab/ab01-d") 2>/dev/null || echo user-cache-kept',
      ].join("; "),
      { home },
    );
    expect(result.output).toContain("the user's entry");
    expect(result.output).toContain("wrote-new");
    expect(result.output).toContain("entry-kept");
    expect(result.output).toContain("user-cache-kept");
    expect(spawnSync("find", [cache, "-printf", "%p %s\\n"], { encoding: "utf8" }).stdout).toBe(before);
    expect(readFileSync(join(cache, "ab/ab01-d"), "utf8")).toBe("the user's entry\n");
  });

  it("are built again for the same run (npm's cache retried) over what the first walls made: the canary, Go's links", async () => {
    const cwd = project();
    writeFiles(cwd, { "go.mod": "module example.com/m\n\ngo 1.19\n" });
    const home = fakeHome();
    writeFiles(join(home, ".cache", "go-build"), { README: "Go's cache\n", "ab/ab01-d": "the user's entry\n" });
    const runDir = madeRunFolder();
    const walls = { project: cwd, runDir, readable: [], unreadable: [], env: { HOME: home, PATH: process.env["PATH"] } };
    const first = await openCheckSandbox(walls);
    const again = await openCheckSandbox({ ...walls, fetches: true });
    expect("sandbox" in first && "sandbox" in again).toBe(true);
    if (!("sandbox" in again)) return;
    const check: GoalCheck = {
      command: 'cat "$HOME/.cache/go-build/ab/ab01-d"; node -e 0 && echo node-ran',
      kind: "other",
      source: "user",
    };
    const { result } = await runCheck(check, {
      cwd,
      sandbox: again.sandbox,
      path: process.env["PATH"] ?? "",
      timeoutMs: 30_000,
      env: walls.env,
    });
    expect(result.output).toContain("the user's entry");
    expect(result.output).toContain("node-ran");
  });

  it.skipIf(spawnSync("go", ["version"]).status !== 0)(
    "builds Go with the user's cache: a package built once is not built again",
    async () => {
      const cwd = project();
      writeFiles(cwd, {
        "go.mod": "module example.com/m\n\ngo 1.19\n",
        "m.go": "package m\n\nfunc Add(a, b int) int { return a + b }\n",
        "m_test.go":
          'package m\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(2, 3) != 5 {\n\t\tt.Fatal("add")\n\t}\n}\n',
      });
      const home = fakeHome();
      const cache = join(home, ".cache", "go-build");
      // The user's shell built it once, with the Go on this machine.
      const warmed = spawnSync("go", ["test", "./..."], {
        cwd,
        env: { ...process.env, HOME: home, GOCACHE: cache, GOFLAGS: "-mod=mod" },
        encoding: "utf8",
      });
      expect(warmed.status, warmed.stderr).toBe(0);
      const { result } = await inWalls(cwd, "go test -count=1 -x ./... 2>&1 | grep -c '/compile ' ; go test -count=1 ./...", {
        home,
      });
      expect(result.output).toMatch(/^0\n/);
      expect(result.output).toMatch(/ok\s+example\.com\/m/);
    },
  );

  it("writes nothing outside the project: home, /tmp, the project's parent are the run's own, thrown away", async () => {
    const cwd = project();
    const home = fakeHome();
    const parent = join(cwd, "..", `escape-${process.pid}`);
    const { result } = await inWalls(
      cwd,
      `echo x > ~/escape.txt; echo x > /tmp/escape-${process.pid}; echo x > ${parent}; echo x > ~/.toolchain/bin/tool; echo inside > inside.txt; echo "tmp=$TMPDIR"; ls -d /tmp && touch /tmp/ok && echo tmp-writable`,
      { home },
    );
    expect(existsSync(join(home, "escape.txt"))).toBe(false);
    expect(existsSync(`/tmp/escape-${process.pid}`)).toBe(false);
    expect(existsSync(parent)).toBe(false);
    expect(readFileSync(join(home, ".toolchain/bin/tool"), "utf8")).toContain("toolchain-ran");
    expect(readFileSync(join(cwd, "inside.txt"), "utf8")).toBe("inside\n");
    expect(result.output).toContain("tmp-writable");
  });

  it("reaches no network, not even the host's loopback", async () => {
    const server = createServer((_, response) => response.end("reached")).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const { result } = await inWalls(
        project(),
        `node -e "fetch('http://127.0.0.1:${port}').then(() => process.exit(0), () => process.exit(3))"`,
      );
      expect(result.exitCode).toBe(3);
    } finally {
      server.close();
    }
  });

  it("cannot read goalpost's state or the host's configuration, wherever they are", async () => {
    const cwd = project();
    const state = temporaryDir("goalpost-state-");
    writeFiles(state, { "by-session/s.json": `{"secret":"${SECRET}"}` });
    const hostConfig = join(cwd, ".claude", "settings.local.json");
    writeFiles(cwd, { ".claude/settings.local.json": `{"hooks":"${SECRET}"}` });
    const { result } = await inWalls(cwd, `cat ${state}/by-session/s.json; ls ${state}`, { unreadable: [state, hostConfig] });
    expect(result.output).not.toContain(SECRET);
  });

  it("cannot write the project's escape hatches: git's config and hooks, the hosts' project settings, the user's goal file", async () => {
    const cwd = project();
    writeFiles(cwd, {
      ".claude/settings.json": "{}\n",
      ".vscode/settings.json": "{}\n",
      ".goalpost/goal.md": "Stream the importer\n",
    });
    const before = readFileSync(join(cwd, ".git", "config"), "utf8");
    const { made } = await inWalls(
      cwd,
      [
        `printf '[core]\\n\\tfsmonitor = touch ${cwd}/pwned\\n' >> .git/config`,
        "printf '#!/bin/sh\\ntouch pwned\\n' > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit",
        "echo '{\"hooks\":{}}' > .claude/settings.json",
        "echo '{}' > .vscode/tasks.json",
        "echo 'Nothing to do' > .goalpost/goal.md",
        "true",
      ].join("; "),
    );
    expect(readFileSync(join(cwd, ".git", "config"), "utf8")).toBe(before);
    expect(existsSync(join(cwd, ".git", "hooks", "pre-commit"))).toBe(false);
    expect(readFileSync(join(cwd, ".claude", "settings.json"), "utf8")).toBe("{}\n");
    expect(existsSync(join(cwd, ".vscode", "tasks.json"))).toBe(false);
    expect(readFileSync(join(cwd, ".goalpost", "goal.md"), "utf8")).toBe("Stream the importer\n");
    expect(made).toEqual([]);
    // And goalpost's own look at the tree after it runs nothing.
    treeState(cwd);
    git(cwd, "status");
    expect(existsSync(join(cwd, "pwned"))).toBe(false);
  });

  it("an escape hatch the project does not have, made by a check, is named and removed", async () => {
    const cwd = project();
    const { made } = await inWalls(
      cwd,
      "echo 'touch pwned' > .envrc; mkdir -p .vscode && echo '{}' > .vscode/tasks.json; mkdir -p .husky && echo x > .husky/pre-commit; mkdir -p .goalpost && echo 'Nothing to do' > .goalpost/goal.md",
    );
    expect(made.sort()).toEqual([".envrc", ".goalpost", ".husky", ".vscode"]);
    for (const path of [".envrc", ".vscode", ".husky", ".goalpost"]) expect(existsSync(join(cwd, path))).toBe(false);
  });

  it("guards the escape hatches below the top folder too: a nested repository's, a workspace package's", async () => {
    const cwd = project();
    const nested = join(cwd, "vendor", "lib");
    writeFiles(nested, { "lib.js": "module.exports = 1;\n" });
    git(nested, "init", "-q");
    writeFiles(cwd, { "packages/app/.npmrc": "save-exact=true\n", "packages/app/package.json": "{}\n" });
    const config = readFileSync(join(nested, ".git", "config"), "utf8");
    const { made } = await inWalls(
      cwd,
      [
        `printf '[core]\\n\\tfsmonitor = touch ${cwd}/pwned\\n' >> vendor/lib/.git/config`,
        "printf '#!/bin/sh\\ntouch pwned\\n' > vendor/lib/.git/hooks/post-checkout",
        "echo 'script-shell=/tmp/evil' >> packages/app/.npmrc",
        "echo 'touch pwned' > packages/app/.envrc",
        "mkdir -p packages/web/.vscode && echo '{}' > packages/web/.vscode/tasks.json",
        "git init -q packages/web/scratch",
        "true",
      ].join("; "),
    );
    expect(readFileSync(join(nested, ".git", "config"), "utf8")).toBe(config);
    expect(existsSync(join(nested, ".git", "hooks", "post-checkout"))).toBe(false);
    expect(readFileSync(join(cwd, "packages/app/.npmrc"), "utf8")).toBe("save-exact=true\n");
    expect(made.sort()).toEqual(["packages/app/.envrc", "packages/web/.vscode", "packages/web/scratch/.git"]);
    for (const path of made) expect(existsSync(join(cwd, path))).toBe(false);
    git(nested, "status");
    expect(existsSync(join(cwd, "pwned"))).toBe(false);
  });

  it("ends the check's whole process tree with it", async () => {
    const cwd = project();
    const marker = `goalpost-orphan-${process.pid}-${Date.now()}`;
    const { result } = await inWalls(
      cwd,
      `node -e 'setInterval(() => {}, 1000)' ${marker} & sleep 0.3; pgrep -f ${marker} > /dev/null && echo left-running`,
    );
    // It did run, and outlived the check's own shell …
    expect(result.output).toContain("left-running");
    // … and ended with the run.
    const left = spawnSync("pgrep", ["-f", marker], { encoding: "utf8" }).stdout.trim();
    expect(left).toBe("");
  });

  it("tells the check nothing of goalpost: its environment is the user's, its folders are where the user has them", async () => {
    const cwd = project();
    const home = fakeHome();
    const { result } = await inWalls(
      cwd,
      'env | sort; echo "cwd=$(pwd)"; for fd in 3 4 5; do [ -e /proc/$$/fd/$fd ] && echo "open fd $fd"; done; true',
      { home },
    );
    expect(result.output).not.toMatch(/open fd/);
    expect(result.output).toContain(`HOME=${home}`);
    expect(result.output).toContain(`cwd=${cwd}`);
    // Nothing names goalpost or a sandbox — but the PATH, whose folders are the user's (this test's own,
    // which may hold a project called goalpost) and the toolchain's in the run's home.
    const path = /^PATH=(.*)$/m.exec(result.output)?.[1]?.split(":") ?? [];
    const usersPath = new Set((process.env["PATH"] ?? "").split(":"));
    expect(
      path.filter((folder) => !usersPath.has(folder) && !folder.startsWith(home) && folder !== "./node_modules/.bin"),
    ).toEqual([]);
    // NODE_OPTIONS loads the assert canary (assert-canary.ts) and nothing else; it names no one either.
    expect(result.output).toMatch(/^NODE_OPTIONS=--require=\/run\/assert-canary\.cjs$/m);
    expect(result.output.replace(/^PATH=.*$/m, "")).not.toMatch(/goalpost|SANDBOX|srt|GOALPOST/i);
    const names = result.output
      .split("\n")
      .map((line) => line.split("=")[0])
      .filter((name) => name && /^[A-Z_][A-Z0-9_]*$/.test(name));
    // PYTHONPYCACHEPREFIX keeps Python from loading bytecode out of the project (run-check.ts): it names no one.
    expect(
      names.filter(
        (name) =>
          !["HOME", "PATH", "LANG", "CI", "PWD", "SHLVL", "_", "OLDPWD", "PYTHONPYCACHEPREFIX", "NODE_OPTIONS"].includes(name!),
      ),
    ).toEqual([]);
  });
});
