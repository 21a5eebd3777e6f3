// An adapter's bin entry (`@goalpost/adapter-kit/bin`). Its src/cli.ts is one call that names the
// adapter without loading it:
//   runBin(import.meta.url, async () => (await import("./myhost-adapter.js")).myHostAdapter);
// `hook` is the bin's hot command: a committed (shared-scope) settings file runs the bin by name from
// PATH. It is answered by the hook loader beside the bin (`<bin>-hook.cjs`, hook-loader.ts), as an
// installed command's is:
// the CommonJS hook bundle from the V8 code cache in the state root, instead of the bin's ESM module
// graph compiled cold on every tool call. So this module imports next to nothing; every other command
// loads the adapter and the full CLI (host-cli.ts).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { HostAdapter } from "../contract/host-adapter.js";
import { hookEntryPath } from "../installing/hook-command.js";

/** Runs the bin; `moduleUrl` is the bin's own import.meta.url, `adapter` loads the adapter. */
export function runBin(
  moduleUrl: string,
  adapter: () => Promise<HostAdapter>,
  argv: readonly string[] = process.argv.slice(2),
): void {
  const cliPath = fileURLToPath(moduleUrl);
  if (argv[0] === "hook") {
    // adapterBuild names the bin's file for the bin (dist/<bin>.js) and builds the loader beside it.
    // A copy without one (a source checkout that was never built) answers through the full CLI.
    const loader = hookEntryPath(basename(cliPath, ".js"), cliPath);
    if (existsSync(loader)) {
      createRequire(moduleUrl)(loader); // answers and ends the process
      return;
    }
  }
  adapter().then(
    async (loaded) => {
      const { runHostCli } = await import("./host-cli.js");
      runHostCli(loaded, moduleUrl, argv);
    },
    (error: unknown) => {
      process.stderr.write(`${basename(cliPath, ".js")}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = argv[0] === "hook" ? 0 : 1;
    },
  );
}
