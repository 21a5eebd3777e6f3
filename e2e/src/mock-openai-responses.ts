// A scripted stand-in for the OpenAI Responses API on 127.0.0.1, so the real `codex` binary runs
// offline (RECIPE: hosts/codex). It streams SSE as Codex reads it (message or function_call items,
// then response.completed with the usage Codex uses to decide on auto-compaction), logs every request
// body and Codex's turn metadata so tests can see what the model was shown, and refuses to answer
// after a request cap: Codex retries forever, so the run's own timeout is what ends a runaway.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import { listenOnLoopback } from "./loopback-server.js";

export interface ResponsesRequest {
  readonly body: { readonly input: readonly Record<string, unknown>[]; readonly tools?: readonly unknown[] };
  /** The `x-codex-turn-metadata` header: request_kind, turn_trigger, thread_source, session_id, … */
  readonly meta: Record<string, unknown>;
}

/** What the mock answers: text, or one function call (with its namespace for MCP and multi-agent tools). */
export interface CodexReply {
  readonly text?: string;
  readonly call?: { readonly name: string; readonly arguments: Record<string, unknown>; readonly namespace?: string };
  /** A call to a freeform tool (a custom_tool_call, as Codex offers apply_patch): its text input. */
  readonly custom?: { readonly name: string; readonly input: string };
  /** The total_tokens to report (compaction fires when it reaches model_auto_compact_token_limit). */
  readonly tokens?: number;
  /** An HTTP error instead of a response (Codex's usage limit is a 429 with error type usage_limit_reached). */
  readonly httpError?: { readonly status: number; readonly body: Record<string, unknown> };
}

type RequestKind = "turn" | "compaction" | "subagent";

export interface MockResponses {
  readonly url: string;
  readonly requests: ResponsesRequest[];
  close(): Promise<void>;
}

/** A tool output's text: a string, or (MCP tools) the text parts of a content list. */
function outputText(output: unknown): string {
  if (Array.isArray(output)) return output.map((part) => String((part as { text?: unknown }).text ?? "")).join("\n");
  return String(output ?? "");
}

/** Each tool call's output the model was shown, by call id, in the order they first appeared. */
export function toolOutputs(requests: readonly ResponsesRequest[]): Map<string, string> {
  const outputs = new Map<string, string>();
  for (const item of requests.flatMap((request) => request.body.input)) {
    if (item["type"] === "function_call_output" && !outputs.has(String(item["call_id"])))
      outputs.set(String(item["call_id"]), outputText(item["output"]));
  }
  return outputs;
}

/** The texts of the request's input items, in order (messages' text parts and tool outputs). */
export function inputTexts(request: ResponsesRequest): string[] {
  return request.body.input.flatMap((item) => {
    if (item["type"] === "function_call_output") return [outputText(item["output"])];
    const content = item["content"];
    if (!Array.isArray(content)) return [];
    return content.map((part) => String((part as { text?: unknown }).text ?? ""));
  });
}

export function requestKind(request: ResponsesRequest): RequestKind {
  if (request.meta["request_kind"] === "compaction") return "compaction";
  if (request.meta["thread_source"] === "subagent") return "subagent";
  return "turn";
}

/** Whether the request's last input item is a tool's output (the model should answer it). */
const afterToolOutput = (request: ResponsesRequest) => request.body.input.at(-1)?.["type"] === "function_call_output";

/**
 * Replies in order for the main thread (text "done" once they run out), a summary for compaction, and
 * `subagent` replies for a subagent's requests.
 */
export function scriptedResponder(script: { main: readonly CodexReply[]; subagent?: readonly CodexReply[] }) {
  let main = 0;
  let subagent = 0;
  return (request: ResponsesRequest): CodexReply => {
    const kind = requestKind(request);
    if (kind === "compaction") return { text: "MOCK_SUMMARY: the user set a goal and work began." };
    if (kind === "subagent") return script.subagent?.[subagent++] ?? { text: "subagent done" };
    return script.main[main++] ?? { text: afterToolOutput(request) ? "done after tool" : "done" };
  };
}

function sse(response: ServerResponse, type: string, data: Record<string, unknown>): void {
  response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
}

function stream(response: ServerResponse, reply: CodexReply, index: number): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  sse(response, "response.created", { response: { id: `resp_${index}` } });
  const item = reply.custom
    ? {
        type: "custom_tool_call",
        id: `ctc_${index}`,
        call_id: `call_${index}`,
        name: reply.custom.name,
        input: reply.custom.input,
        status: "completed",
      }
    : reply.call
      ? {
          type: "function_call",
          id: `fc_${index}`,
          call_id: `call_${index}`,
          name: reply.call.name,
          arguments: JSON.stringify(reply.call.arguments),
          status: "completed",
          ...(reply.call.namespace ? { namespace: reply.call.namespace } : {}),
        }
      : {
          type: "message",
          role: "assistant",
          id: `msg_${index}`,
          status: "completed",
          content: [{ type: "output_text", text: reply.text ?? "", annotations: [] }],
        };
  sse(response, "response.output_item.added", { output_index: 0, item });
  if (!reply.call && !reply.custom)
    sse(response, "response.output_text.delta", { output_index: 0, content_index: 0, item_id: item.id, delta: reply.text ?? "" });
  sse(response, "response.output_item.done", { output_index: 0, item });
  const total = reply.tokens ?? 50;
  sse(response, "response.completed", {
    response: {
      id: `resp_${index}`,
      usage: {
        input_tokens: total - 10,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 10,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: total,
      },
    },
  });
  response.end();
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return request.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
}

/** Starts the mock on 127.0.0.1 (a free port). Only loopback is ever used. */
export async function startMockResponses(
  respond: (request: ResponsesRequest) => CodexReply,
  options: { maxRequests?: number } = {},
): Promise<MockResponses> {
  const maxRequests = options.maxRequests ?? 60;
  const requests: ResponsesRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    try {
      if (request.method !== "POST" || !(request.url ?? "").startsWith("/v1/responses"))
        return void response.writeHead(404).end();
      const header = request.headers["x-codex-turn-metadata"];
      const logged: ResponsesRequest = {
        body: JSON.parse((await readBody(request)).toString("utf8")),
        meta: typeof header === "string" ? (JSON.parse(header) as Record<string, unknown>) : {},
      };
      requests.push(logged);
      if (requests.length > maxRequests)
        return void response.writeHead(400).end('{"error":{"message":"mock request cap reached"}}');
      const reply = respond(logged);
      if (reply.httpError)
        return void response
          .writeHead(reply.httpError.status, { "content-type": "application/json" })
          .end(JSON.stringify(reply.httpError.body));
      stream(response, reply, requests.length);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  const { url, close } = await listenOnLoopback(server, "/v1");
  return { url, requests, close };
}
