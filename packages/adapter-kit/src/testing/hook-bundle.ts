// What an adapter's hook bundle loads when a hook starts: the specifiers its entry imports statically
// (not `import()`), following the bundle's own chunks. The hook starts on every tool call, so this
// must be its own chunks and Node built-ins only.
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";

export function hookStartupImports(dist: string, entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  const source = readFileSync(join(dist, entry), "utf8");
  const specifiers = [...source.matchAll(/(?:^|[;\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)].map(
    (match) => match[1]!,
  );
  return specifiers.flatMap((specifier) =>
    specifier.startsWith("./") ? [specifier, ...hookStartupImports(dist, specifier.slice(2), seen)] : [specifier],
  );
}

/** The source of the entry and every chunk it loads at start-up, joined. */
export function hookStartupSource(dist: string, entry: string): string {
  const chunks = hookStartupImports(dist, entry).filter((specifier) => specifier.startsWith("./"));
  return [entry, ...new Set(chunks.map((specifier) => specifier.slice(2)))]
    .map((file) => readFileSync(join(dist, file), "utf8"))
    .join("\n");
}

/**
 * The non-ASCII characters in what a hook process loads: the bin's start-up source and the hook
 * bundle. One is enough for V8 to keep the whole source as UTF-16, twice the bytes in every hook
 * process and in the hook server.
 */
export function hookNonAscii(dist: string, bin: string): string[] {
  const sources = [hookStartupSource(dist, `${bin}.js`), readFileSync(join(dist, `${bin}-hook-bundle.cjs`), "utf8")];
  return [...new Set(sources.flatMap((source) => [...source].filter((char) => char.charCodeAt(0) > 127)))];
}

/**
 * Code of other commands found in the hook bundle, which should hold the hook path only: every hook
 * run by the loader reads and compiles it, and the hook server holds it.
 */
export function hookBundleForeignCode(dist: string, bin: string): string[] {
  const source = readFileSync(join(dist, `${bin}-hook-bundle.cjs`), "utf8");
  const markers = { "the MCP SDK": '"tools/list"', ajv: "strictTypes", "the config editors": "inlineTableStart" };
  return Object.entries(markers).flatMap(([name, marker]) => (source.includes(marker) ? [name] : []));
}

/**
 * What the hook loader (`<bin>-hook.cjs`) requires besides Node built-ins, and the bundle it runs,
 * the script and the Perl client beside it, if missing: it is compiled on every hook Node runs, so it
 * must stay a few lines of built-ins: itself, the adapter's paths and the server's client, ~7 KB.
 */
export function hookLoaderProblems(dist: string, bin: string): string[] {
  const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
  let source: string;
  try {
    source = readFileSync(join(dist, `${bin}-hook.cjs`), "utf8");
  } catch {
    return [`${bin}-hook.cjs is missing`];
  }
  const required = [...source.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]!);
  return [
    ...required.filter((specifier) => !builtins.has(specifier)).map((specifier) => `requires ${specifier}`),
    ...(source.length > 7680 ? [`is ${source.length} characters`] : []),
    ...(existsSync(join(dist, `${bin}-hook-bundle.cjs`)) ? [] : [`${bin}-hook-bundle.cjs (the bundle it runs) is missing`]),
    ...(existsSync(join(dist, `${bin}-hook.sh`)) ? [] : [`${bin}-hook.sh (the hook script) is missing`]),
    ...(existsSync(join(dist, `${bin}-hook.pl`)) ? [] : [`${bin}-hook.pl (the Perl hook client) is missing`]),
  ];
}

/**
 * Built-ins a hook loads as it starts (the bundle and its loader) that cost a hook milliseconds to
 * load: Node's own start has not loaded them (node:child_process and node:crypto measured 3–5 ms
 * each, node:v8 brings node:stream). Code that needs one loads it when it does (`loadBuiltin`).
 */
export function hookCostlyBuiltins(dist: string, bin: string): string[] {
  const costly =
    /^(?:node:)?(child_process|crypto|v8|stream|net|http|https|http2|tls|dns|zlib|worker_threads|inspector|readline)$/;
  return [`${bin}-hook.cjs`, `${bin}-hook-bundle.cjs`].flatMap((file) =>
    [...readFileSync(join(dist, file), "utf8").matchAll(/\brequire\(["']([^"']+)["']\)/g)]
      .map((match) => match[1]!)
      .filter((specifier) => costly.test(specifier))
      .map((specifier) => `${file} requires ${specifier}`),
  );
}

/**
 * Everything above, for an adapter's built `dist/` and bin: what its hook start-up loads besides its
 * own chunks and Node built-ins, the MCP SDK or diff on that path, non-ASCII characters, other
 * commands' code in the hook bundle, a loader that is not built-ins only, costly built-ins. An
 * adapter's test expects none.
 */
export function hookBundleProblems(dist: string, bin: string): string[] {
  const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
  const entry = `${bin}.js`;
  const source = hookStartupSource(dist, entry);
  return [
    ...hookStartupImports(dist, entry)
      .filter((specifier) => !specifier.startsWith("./") && !builtins.has(specifier))
      .map((specifier) => `the bin's start-up imports ${specifier}`),
    ...(/@modelcontextprotocol\/sdk/.test(source) ? ["the MCP SDK is on the bin's start-up path"] : []),
    ...(/createTwoFilesPatch/.test(source) ? ["diff is on the bin's start-up path"] : []),
    ...(/inlineTableStart/.test(source) ? ["the TOML editor is on the bin's start-up path"] : []),
    ...(/import\(["']\.\/[\w-]+\.js["']\)/.test(source) ? [] : ["the bin's other commands are not behind dynamic imports"]),
    ...hookNonAscii(dist, bin).map((char) => `non-ASCII ${JSON.stringify(char)} in the hook's source`),
    ...hookBundleForeignCode(dist, bin).map((name) => `${name} in the hook bundle`),
    ...hookLoaderProblems(dist, bin).map((problem) => `the hook loader ${problem}`),
    ...hookCostlyBuiltins(dist, bin),
  ];
}
