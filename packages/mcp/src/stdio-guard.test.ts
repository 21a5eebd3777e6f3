// The real server over stdio, fed what a broken or hostile client sends: it answers each bad line
// with a JSON-RPC error and keeps serving.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

function exchange(lines: string[]): Promise<{ replies: Record<string, unknown>[]; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "--root", "/tmp/goalpost-mcp-guard-test"], { stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("exit", (code) =>
      resolve({
        replies: stdout
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
        code,
        stderr,
      }),
    );
    for (const line of lines) child.stdin.write(`${line}\n`);
    child.stdin.end();
  });
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
});

describe("the MCP server's input", { timeout: 30_000 }, () => {
  it("answers garbage, a NUL, a batch and a huge line with JSON-RPC errors, and keeps serving", async () => {
    const { replies, code } = await exchange([
      "this is not json",
      '{"jsonrpc":"2.0","id":7,"method":"x\u0000"}',
      JSON.stringify([{ jsonrpc: "2.0", id: 2, method: "tools/list" }]),
      `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"pad":"${"x".repeat(5 * 1024 * 1024)}"}}`,
      initialize,
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list" }),
    ]);
    const errors = replies.filter((reply) => "error" in reply).map((reply) => (reply["error"] as { code: number }).code);
    expect(errors).toEqual([-32700, -32700, -32600, -32600]);
    const tools = replies.find((reply) => reply["id"] === 4)?.["result"] as { tools: unknown[] } | undefined;
    expect(tools?.tools).toHaveLength(4);
    expect(code).toBe(0);
  });
});
