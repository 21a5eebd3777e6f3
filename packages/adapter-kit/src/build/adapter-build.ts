// The tsup build every adapter uses (`@goalpost/adapter-kit/build`), so an adapter's tsup.config.ts
// says only its own names:
//   - the bin, one ESM bundle with goalpost's packages and zod inside, split so that install, doctor
//     and MCP stay behind dynamic imports (a hook process starts on every tool call, and loading many
//     small modules from node_modules costs more than the hook itself), and `<bin>.cjs`, the file
//     npm links by the bin's name, which hands `hook` to the hook loader without Node's ESM loader;
//   - the hook bundle, `<bin>-hook-bundle.cjs`, CommonJS with the hook path only;
//   - the hook loader, `<bin>-hook.cjs`, which runs the hook bundle with a V8 code cache or asks the
//     hook server, and beside it the hook script `<bin>-hook.sh` the installed commands run and the
//     Perl client `<bin>-hook.pl` it asks the server through;
//   - the library entry with its types, for tools that drive the adapter, and the descriptor entry the
//     `goalpost` CLI loads (facts and the paths module only).
// In goalpost's workspace the kit is bundled from its TypeScript source (the `goalpost:source`
// condition), so that what the hook path does not use is dropped; installed from the registry, where
// the packages ship only their built modules, from those. Everything else is bundled too — the MCP SDK and diff in chunks
// behind dynamic imports (loaded only by `mcp` and `install --dry-run`) — so the bin runs from a copy
// with no node_modules (a Claude Code plugin from a marketplace) and an adapter installs nothing else.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Options } from "tsup";

type PluginBuild = Parameters<NonNullable<Options["esbuildPlugins"]>[number]["setup"]>[0];

/**
 * Not bundled: the sandbox runtime (goalpost's walls on macOS, through @goalpost/verifier) ships native
 * helpers it finds beside its own files, and only the verifying process (`<bin> verify`) loads it, only
 * on macOS. Every adapter depends on it; on Linux goalpost builds its walls with bubblewrap itself.
 */
const external: string[] = ["@anthropic-ai/sandbox-runtime"];
/** Bundled into the bin; only install, uninstall and doctor load the config editors, only `mcp` the SDK. */
const bundled = [
  /^@goalpost\//,
  "zod",
  "jsonc-parser",
  "@decimalturn/toml-patch",
  /^@modelcontextprotocol\/sdk/,
  "diff",
  // core's: ignore reads a .gitignore, picomatch matches what defines the checks, shell-quote reads a command.
  "ignore",
  "picomatch",
  "shell-quote",
  "@noble/hashes",
];
/**
 * `goalpost:source` where the installed @goalpost/core has its sources (goalpost's own workspace),
 * none where it was installed from a tarball: there the condition names files that are not shipped.
 */
function sourceConditions(): string[] {
  try {
    const core = createRequire(join(process.cwd(), "package.json")).resolve("@goalpost/core/package.json");
    return existsSync(join(dirname(core), "src", "index.ts")) ? ["goalpost:source"] : [];
  } catch {
    return [];
  }
}

const makeEsbuildOptions =
  (conditions: string[]) =>
  (options: {
    conditions?: string[];
    charset?: "ascii" | "utf8";
    logOverride?: Record<string, "verbose" | "debug" | "info" | "warning" | "error" | "silent">;
  }) => {
    options.conditions = conditions;
    // The descriptor reads import.meta.url only when asked for the bin (contract/descriptor.ts), which the
    // CommonJS hook bundle never does: its empty import.meta is fine there.
    options.logOverride = { ...options.logOverride, "empty-import-meta": "silent" };
    // One non-ASCII character makes V8 keep the whole bundle's source as UTF-16, twice the bytes in every
    // process; escaped, it stays one byte per character.
    options.charset = "ascii";
  };

/**
 * The hook bundle holds the hook path only. Every dynamic import reachable from it belongs to another
 * command (mcp, install, doctor) and would otherwise be inlined: the MCP SDK with ajv, the config
 * editors and diff, whose source alone added 0.37 MB to every hook's heap. In the bundle each becomes
 * a module that says so if it is ever reached.
 */
export const hookPathOnly = {
  name: "goalpost-hook-path-only",
  setup(build: PluginBuild) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === "dynamic-import" ? { path: args.path, namespace: "not-in-hook-bundle" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "not-in-hook-bundle" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not part of the hook bundle; run the bin itself`)});`,
      loader: "js",
    }));
  },
};

/** Gives the hook loader the adapter's paths module in place of "goalpost:adapter-state-root". */
const adapterStateRoot = (module: string) => ({
  name: "goalpost-adapter-state-root",
  setup(build: PluginBuild) {
    build.onResolve({ filter: /^goalpost:adapter-state-root$/ }, () => ({ path: resolve(module) }));
  },
});

/**
 * One of the kit's own entries: its TypeScript source in the workspace (`source`, below src/), its
 * built module once published (dist/ is flat: the entry's own name).
 */
const kitEntry = (source: string) =>
  fileURLToPath(
    new URL(import.meta.url.endsWith(".ts") ? `../${source}.ts` : `../${source.split("/").pop()}.js`, import.meta.url),
  );

/** One of the fast path's files, in src/fast-path/ or, once published, in dist/. */
const kitFile = (name: string) =>
  fileURLToPath(new URL(import.meta.url.endsWith(".ts") ? `../fast-path/${name}` : `../${name}`, import.meta.url));

/** Puts the hook and status line scripts (`<bin>-hook.sh`, `<bin>-status-line.sh`, the bin's name written in) and the Perl client (`<bin>-hook.pl`) beside the bin. */
function writeHookClients(bin: string, outDir = "dist"): void {
  mkdirSync(outDir, { recursive: true });
  copyFileSync(kitFile("hook-client.pl"), join(outDir, `${bin}-hook.pl`));
  for (const script of ["hook", "status-line"])
    writeFileSync(join(outDir, `${bin}-${script}.sh`), readFileSync(kitFile(`${script}.sh`), "utf8").replaceAll("@BIN@", bin), {
      mode: 0o755,
    });
}

export interface AdapterBuild {
  /** The bin's name: goalpost-claude-code (built from src/cli.ts). */
  readonly bin: string;
  /** The source of the hook bundle's entry: src/<host>-hook-bundle.ts, one call of hookBundleMain. */
  readonly hookBundleEntry: string;
  /** The source of the descriptor the `goalpost` CLI loads (`<package>/descriptor`): src/<host>-descriptor.ts. */
  readonly descriptorEntry?: string;
  /**
   * The module that exports the adapter's `goalpostStateRoot(env)`: src/<host>-paths.ts. The hook
   * loader is built with it, to find its code cache in the state root without loading the adapter.
   */
  readonly stateRootModule: string;
  /** More bundles the adapter ships (Copilot CLI's extension). */
  readonly extra?: readonly Options[];
}

/**
 * Whether the project's TypeScript can build the library entry's declarations: tsup builds them through
 * TypeScript's JavaScript API, which TypeScript 7 (native, npm's `latest` since 2026) does not ship. With
 * it, the adapter builds whole but for `index.d.ts`, and says how to have that too.
 */
function declarationsBuildable(): boolean {
  let version: string;
  try {
    const require = createRequire(join(process.cwd(), "package.json"));
    version = (JSON.parse(readFileSync(require.resolve("typescript/package.json"), "utf8")) as { version: string }).version;
  } catch {
    return true; // none found: tsup says what it needs
  }
  if (Number.parseInt(version, 10) < 7) return true;
  process.stderr.write(
    `goalpost-adapter-kit: TypeScript ${version} has no JavaScript API for tsup's declaration build; the adapter is built without index.d.ts. For its types too, add TypeScript 6 beside it: npm install --save-dev typescript@6\n`,
  );
  return false;
}

export function adapterBuild(build: AdapterBuild): Options[] {
  const common = { target: "node20", platform: "node", esbuildOptions: makeEsbuildOptions(sourceConditions()) } as const;
  return [
    {
      ...common,
      entry: { [build.bin]: "src/cli.ts" },
      format: ["esm"],
      // CommonJS code bundled into ESM (ignore, shell-quote) requires built-ins: esbuild's require shim
      // uses a `require` in scope, which ESM has not.
      banner: {
        js: 'import { createRequire as __goalpostRequire } from "node:module"; const require = __goalpostRequire(import.meta.url);',
      },
      splitting: true,
      sourcemap: false,
      minify: true,
      noExternal: bundled,
      external,
    },
    {
      ...common,
      entry: { [`${build.bin}-hook-bundle`]: build.hookBundleEntry },
      format: ["cjs"],
      outExtension: () => ({ js: ".cjs" }),
      minify: true,
      noExternal: [/^@goalpost\//, "zod"],
      external: [...external, "jsonc-parser", "@decimalturn/toml-patch"],
      esbuildPlugins: [hookPathOnly],
    },
    {
      ...common,
      entry: { [`${build.bin}-hook`]: kitEntry("fast-path/hook-loader") },
      format: ["cjs"],
      outExtension: () => ({ js: ".cjs" }),
      minify: true,
      esbuildPlugins: [adapterStateRoot(build.stateRootModule)],
      onSuccess: async () => writeHookClients(build.bin),
    },
    {
      ...common,
      entry: { [build.bin]: kitEntry("bin/bin-launcher") },
      format: ["cjs"],
      outExtension: () => ({ js: ".cjs" }),
      minify: true,
      banner: { js: "#!/usr/bin/env node" },
    },
    {
      ...common,
      entry: { index: "src/index.ts", ...(build.descriptorEntry ? { descriptor: build.descriptorEntry } : {}) },
      format: ["esm"],
      // Types of the bundled packages are inlined: they are not runtime dependencies of the adapter.
      dts: declarationsBuildable() ? { resolve: [/^@goalpost\//] } : false,
      sourcemap: true,
      noExternal: bundled,
      external,
    },
    ...(build.extra ?? []).map((options) => ({ ...common, ...options })),
  ];
}
