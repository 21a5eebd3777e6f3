// `doctor`: is goalpost wired into Claude Code, and can it do its job? Each check says what it found
// and, when it fails, what to do.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createGoalStore, killSwitchEngaged, loadEngineConfig } from "@goalpost/core";
import { INSTALLED_HOOK_EVENTS, MCP_SERVER_NAME } from "./claude-code-install.js";
import { type ClaudeCodeScope, claudeGlobalStateFile, goalpostStateRoot, settingsFile } from "./claude-code-paths.js";
import { probeHook, snapshotPath } from "./claude-code-snapshot-build.js";

export interface DoctorCheck {
  readonly ok: boolean;
  readonly label: string;
  readonly detail: string;
}

const read = (path: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/** Starts `<bin> mcp`, initializes it and lists its tools over stdio, as Claude Code does. */
function probeMcpServer(cliPath: string, env: NodeJS.ProcessEnv): DoctorCheck {
  const requests = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "goalpost-doctor", version: "0" } },
    },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
  ];
  try {
    const output = execFileSync(process.execPath, [cliPath, "mcp"], {
      input: `${requests.map((request) => JSON.stringify(request)).join("\n")}\n`,
      env,
      stdio: "pipe",
      timeout: 15_000,
    });
    const tools = String(output)
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id?: number; result?: { tools?: { name: string }[] } })
      .find((message) => message.id === 2)
      ?.result?.tools?.map((tool) => tool.name);
    return tools?.length === 4
      ? { ok: true, label: "goal tools", detail: `the MCP server starts and offers ${tools.join(", ")}` }
      : { ok: false, label: "goal tools", detail: "the MCP server started but did not list the four goal tools" };
  } catch (error) {
    return {
      ok: false,
      label: "goal tools",
      detail: `the MCP server does not start: ${(error as Error).message.split("\n")[0]}`,
    };
  }
}

export function runDoctor(options: { projectDir: string; cliPath: string; env?: NodeJS.ProcessEnv }): DoctorCheck[] {
  const env = options.env ?? process.env;
  const checks: DoctorCheck[] = [];
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  checks.push({
    ok: major > 20 || (major === 20 && minor >= 11),
    label: "Node.js",
    detail: `${process.versions.node} (needs ≥ 20.11)`,
  });

  const scopes: ClaudeCodeScope[] = ["user", "project", "local"];
  const wired = scopes.filter((scope) => {
    const hooks = read(settingsFile(scope, options.projectDir, env))?.["hooks"] as
      | Record<string, { hooks?: { command?: string }[] }[]>
      | undefined;
    return INSTALLED_HOOK_EVENTS.every((event) =>
      hooks?.[event]?.some((group) => group.hooks?.some((handler) => handler.command?.includes("goalpost-claude-code"))),
    );
  });
  checks.push({
    ok: wired.length > 0,
    label: "hooks",
    detail:
      wired.length > 0
        ? `all ${INSTALLED_HOOK_EVENTS.length} events wired in ${wired.join(", ")} settings`
        : "not installed: run `goalpost-claude-code install`",
  });

  const globalState = read(claudeGlobalStateFile(env));
  const projectMcp = read(join(options.projectDir, ".mcp.json"));
  const localServers = (globalState?.["projects"] as Record<string, { mcpServers?: Record<string, unknown> }> | undefined)?.[
    options.projectDir
  ]?.mcpServers;
  const mcpWhere = [
    (globalState?.["mcpServers"] as Record<string, unknown> | undefined)?.[MCP_SERVER_NAME] ? "user" : null,
    (projectMcp?.["mcpServers"] as Record<string, unknown> | undefined)?.[MCP_SERVER_NAME] ? "project" : null,
    localServers?.[MCP_SERVER_NAME] ? "local" : null,
  ].filter(Boolean);
  checks.push(probeMcpServer(options.cliPath, env));
  checks.push({
    ok: mcpWhere.length > 0,
    label: "MCP server",
    detail: mcpWhere.length
      ? `registered (${mcpWhere.join(", ")})`
      : "not registered: goal tools unavailable; run `goalpost-claude-code install`",
  });

  checks.push({ ok: existsSync(options.cliPath), label: "hook command", detail: options.cliPath });

  const blob = snapshotPath(goalpostStateRoot(env));
  if (wired.length > 0 && existsSync(blob)) {
    try {
      probeHook(options.cliPath, {
        env,
        scratch: join(goalpostStateRoot(env), ".doctor-probe-run"),
        cwd: options.projectDir,
        snapshotBlob: blob,
      });
      checks.push({ ok: true, label: "start-up snapshot", detail: `${blob} loads in Node ${process.version}` });
    } catch {
      checks.push({
        ok: false,
        label: "start-up snapshot",
        detail: `${blob} does not load (built by another Node or V8 flags, or older than this goalpost); hooks fall back to the plain bin (slower). Run \`goalpost-claude-code install\` again.`,
      });
    }
  } else if (wired.length > 0) {
    checks.push({
      ok: true,
      label: "start-up snapshot",
      detail: `none for Node ${process.version}: hooks start from the plain bin. \`goalpost-claude-code install\` builds one.`,
    });
  }

  const root = goalpostStateRoot(env);
  try {
    mkdirSync(root, { recursive: true, mode: 0o700 });
    const probe = createGoalStore({ root: join(root, ".doctor-probe") });
    probe.update({ sessionId: "doctor", host: "doctor", cwd: options.projectDir }, (session) => {
      session.counters.prompts = 1;
    });
    rmSync(join(root, ".doctor-probe"), { recursive: true, force: true });
    checks.push({ ok: true, label: "state", detail: `${root} is writable` });
  } catch (error) {
    checks.push({ ok: false, label: "state", detail: `${root} is not writable: ${(error as Error).message}` });
  }

  try {
    probeHook(options.cliPath, { env, scratch: join(goalpostStateRoot(env), ".doctor-probe-run"), cwd: options.projectDir });
    checks.push({ ok: true, label: "hook run", detail: "a SessionEnd hook ran and answered" });
  } catch (error) {
    checks.push({ ok: false, label: "hook run", detail: `the hook command failed: ${(error as Error).message}` });
  }

  const disabled = killSwitchEngaged(root, env);
  const config = loadEngineConfig(root, env);
  checks.push({
    ok: true,
    label: "enforcement",
    detail: disabled
      ? "DISABLED by GOALPOST_DISABLED or the `disabled` file: every hook is a no-op"
      : `${config.enforcement} (drift warn at ${config.driftWarnAt}, deny at ${config.driftDenyAt})`,
  });
  return checks;
}
