// An adapter's bin: the commands of cli-usage.ts's table (`hook`, `mcp`, `verify`, `issue-lookup`,
// `install`, `uninstall`, `doctor`, `completion`, `status`, `open`, `update`, `close`), --version and --help. `hook` runs on every tool call of the agent, so only the hook path is
// loaded up front; every other command is imported when asked for. An adapter's cli.ts is one call:
//   runHostCli(myAdapter, import.meta.url)
import { fileURLToPath } from "node:url";
import { GOAL_COMMAND_VERBS } from "@goalpost/core/internal";
import type { HostAdapter } from "../contract/host-adapter.js";
import { exitAfterAnswer, readHookInput, writeAll, writeHookResult } from "../hook/hook-io.js";
import { runHookHere } from "../hook/run-hook.js";
import { adapterVersion, binCommands, hostCliUsage } from "./cli-usage.js";

const GOAL_COMMANDS = new Set<string>(GOAL_COMMAND_VERBS);
const ADMIN_COMMANDS = new Set(["install", "uninstall", "doctor"]);
const asksForHelp = (args: readonly string[]) => args.includes("--help") || args.includes("-h");

async function dispatch(adapter: HostAdapter, argv: readonly string[], cliPath: string): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "hook") {
    // Reached when the bin has no hook loader beside it (run-bin.ts): the hook runs in this process.
    writeHookResult(runHookHere(adapter, rest[0] ?? "", readHookInput, process.env));
    exitAfterAnswer();
  }
  if (command === "verify") {
    const { runVerifyCommand } = await import("./verify-command.js");
    return runVerifyCommand(adapter, rest);
  }
  if (command === "issue-lookup") {
    const { runIssueLookupCommand } = await import("./issue-lookup-command.js");
    return runIssueLookupCommand(rest);
  }
  if (command === "mcp") {
    const { serveHostMcp } = await import("./mcp-server.js");
    await serveHostMcp(adapter, process.env, adapterVersion(cliPath));
    return -1; // keep serving until the client closes stdin
  }
  if (command === "completion" && !asksForHelp(rest)) {
    const { runCompletionCommand } = await import("./completion-command.js");
    return runCompletionCommand(adapter, rest);
  }
  if (command && GOAL_COMMANDS.has(command) && !asksForHelp(rest)) {
    const { runGoalCommand } = await import("./shell-goal-tools.js");
    const result = runGoalCommand(adapter, command as "status", rest);
    writeAll(1, result.stdout);
    writeAll(2, result.stderr);
    return result.exitCode;
  }
  if (command && ADMIN_COMMANDS.has(command)) {
    const { runAdminCommand } = await import("./admin-commands.js");
    return runAdminCommand(adapter, command as "install", rest, cliPath);
  }
  const version = adapterVersion(cliPath);
  if (command === "--version" || command === "-v") {
    writeAll(1, `${version}\n`);
    return 0;
  }
  const commands = binCommands(adapter).map((entry) => entry.name);
  const isHelp = command === undefined || command === "help" || command === "--help" || command === "-h";
  if (isHelp || (commands.includes(command) && asksForHelp(rest))) {
    writeAll(1, hostCliUsage(adapter, version));
    return 0;
  }
  // As the goalpost CLI says it: the command likely meant, the usage line, where the rest is.
  const { didYouMean } = await import("@goalpost/core/internal");
  writeAll(
    2,
    `${adapter.bin}: unknown command "${command}"${didYouMean(command, [...commands, "help"])}\nusage: ${adapter.bin} <command> [options]\n(${adapter.bin} --help lists the commands)\n`,
  );
  return 2;
}

/** Runs the bin; `moduleUrl` is the bin's own import.meta.url. */
export function runHostCli(adapter: HostAdapter, moduleUrl: string, argv: readonly string[] = process.argv.slice(2)): void {
  const cliPath = fileURLToPath(moduleUrl);
  dispatch(adapter, argv, cliPath).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (error: unknown) => {
      writeAll(2, `${adapter.bin}: ${error instanceof Error ? error.message : String(error)}\n`);
      // A hook never fails its host; the other commands do report failure.
      process.exitCode = argv[0] === "hook" ? 0 : 1;
    },
  );
}
