// A scripted stand-in for the Anthropic Messages API on 127.0.0.1, so the real `claude` binary runs
// offline. It streams SSE exactly as RECIPE.md describes (text and tool_use blocks), logs every request
// body so tests can see what the model was shown, and stops answering after a request cap so a
// runaway loop ends.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback-server.js";

export interface MessagesRequest {
  readonly model?: string;
  readonly messages: readonly { role: string; content: unknown }[];
  readonly tools?: readonly { name: string }[];
  readonly system?: unknown;
  readonly output_config?: unknown;
  readonly [key: string]: unknown;
}

/** What the mock answers: text, optionally one tool call, and the usage it reports. */
export interface MockReply {
  readonly text?: string;
  readonly toolUse?: { readonly name: string; readonly input: Record<string, unknown> };
  readonly inputTokens?: number;
}

type Responder = (
  request: MessagesRequest,
  context: {
    readonly index: number;
    readonly lastUserText: string;
    readonly afterToolResult: boolean;
    readonly kind: RequestKind;
  },
) => MockReply;
type RequestKind = "turn" | "compaction" | "goal-evaluator";

export interface MockAnthropic {
  readonly url: string;
  readonly requests: MessagesRequest[];
  close(): Promise<void>;
}

/** The text of the last user message, skipping the `role:"system"` entries Claude Code puts in `messages`. */
function lastUserText(request: MessagesRequest): string {
  const last = [...request.messages].reverse().find((message) => message.role === "user");
  if (!last) return "";
  if (typeof last.content === "string") return last.content;
  return (last.content as { type: string; text?: string }[])
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("\n");
}

function afterToolResult(request: MessagesRequest): boolean {
  const last = [...request.messages].reverse().find((message) => message.role === "user");
  return Array.isArray(last?.content) && (last.content as { type: string }[]).some((block) => block.type === "tool_result");
}

export function requestKind(request: MessagesRequest): RequestKind {
  const text = lastUserText(request);
  if (text.includes("Your task is to create a detailed summary of the conversation")) return "compaction";
  if (!request.tools?.length && text.includes("has the following stopping condition been satisfied")) return "goal-evaluator";
  return "turn";
}

/** The default behaviour: summaries for compaction, "met" for the /goal evaluator, plain text otherwise. */
const defaultResponder: Responder = (_request, { kind, afterToolResult: afterTool, index }) => {
  if (kind === "compaction")
    return { text: "<analysis>mock analysis</analysis>\n<summary>MOCK_SUMMARY: the user set a goal and work began.</summary>" };
  if (kind === "goal-evaluator") return { text: JSON.stringify({ ok: true, reason: "mock evaluator: condition met" }) };
  return { text: afterTool ? `MOCK_AFTER_TOOL #${index}` : `MOCK_REPLY #${index}` };
};

function sse(response: ServerResponse, event: string, data: unknown): void {
  response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function stream(response: ServerResponse, model: string, reply: MockReply, index: number): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const usage = { input_tokens: reply.inputTokens ?? 100, output_tokens: 1 };
  sse(response, "message_start", {
    type: "message_start",
    message: {
      id: `msg_mock_${index}`,
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
  sse(response, "content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
  sse(response, "ping", { type: "ping" });
  sse(response, "content_block_delta", {
    type: "content_block_delta",
    index: 0,
    delta: { type: "text_delta", text: reply.text ?? "" },
  });
  sse(response, "content_block_stop", { type: "content_block_stop", index: 0 });
  if (reply.toolUse) {
    const json = JSON.stringify(reply.toolUse.input);
    const half = Math.floor(json.length / 2);
    sse(response, "content_block_start", {
      type: "content_block_start",
      index: 1,
      content_block: { type: "tool_use", id: `toolu_mock${String(index).padStart(4, "0")}`, name: reply.toolUse.name, input: {} },
    });
    sse(response, "content_block_delta", {
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json: json.slice(0, half) },
    });
    sse(response, "content_block_delta", {
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json: json.slice(half) },
    });
    sse(response, "content_block_stop", { type: "content_block_stop", index: 1 });
  }
  sse(response, "message_delta", {
    type: "message_delta",
    delta: { stop_reason: reply.toolUse ? "tool_use" : "end_turn", stop_sequence: null },
    usage: { output_tokens: 20 },
  });
  sse(response, "message_stop", { type: "message_stop" });
  response.end();
}

function json(response: ServerResponse, model: string, reply: MockReply, index: number): void {
  const content: unknown[] = [{ type: "text", text: reply.text ?? "" }];
  if (reply.toolUse)
    content.push({
      type: "tool_use",
      id: `toolu_mock${String(index).padStart(4, "0")}`,
      name: reply.toolUse.name,
      input: reply.toolUse.input,
    });
  response.writeHead(200, { "content-type": "application/json" });
  response.end(
    JSON.stringify({
      id: `msg_mock_${index}`,
      type: "message",
      role: "assistant",
      model,
      content,
      stop_reason: reply.toolUse ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: reply.inputTokens ?? 100, output_tokens: 20 },
    }),
  );
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the mock on 127.0.0.1 (a free port). Only loopback is ever used. */
export async function startMockAnthropic(
  respond: Responder = defaultResponder,
  options: { maxRequests?: number } = {},
): Promise<MockAnthropic> {
  const maxRequests = options.maxRequests ?? 60;
  const requests: MessagesRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    try {
      const url = request.url ?? "/";
      if (request.method === "HEAD" || (request.method === "GET" && url === "/")) return void response.writeHead(200).end();
      if (request.method === "GET" && url.startsWith("/v1/models"))
        return void response.writeHead(200, { "content-type": "application/json" }).end('{"data":[]}');
      if (request.method === "POST" && url.startsWith("/v1/messages/count_tokens"))
        return void response.writeHead(200, { "content-type": "application/json" }).end('{"input_tokens":100}');
      if (request.method !== "POST" || !url.startsWith("/v1/messages")) return void response.writeHead(404).end();
      const parsed = JSON.parse(await body(request)) as MessagesRequest;
      requests.push(parsed);
      const index = requests.length;
      if (index > maxRequests) {
        response.writeHead(400, { "content-type": "application/json" });
        return void response.end(
          '{"type":"error","error":{"type":"invalid_request_error","message":"mock request cap reached"}}',
        );
      }
      const reply = respond(parsed, {
        index,
        lastUserText: lastUserText(parsed),
        afterToolResult: afterToolResult(parsed),
        kind: requestKind(parsed),
      });
      const model = parsed.model ?? "claude-mock";
      if (parsed["stream"] === true) stream(response, model, reply, index);
      else json(response, model, reply, index);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  const { url, close } = await listenOnLoopback(server);
  return { url, requests, close };
}

/**
 * Answers turns from queues: the main thread's replies in order, and a subagent's (recognised by a
 * marker in its first user message) from its own queue. Compaction and /goal evaluator requests get
 * the default answers; an exhausted queue answers with plain text, which ends the turn.
 */
export function scriptedResponder(script: { main: MockReply[]; subagent?: MockReply[]; subagentMarker?: string }): Responder {
  const main = [...script.main];
  const subagent = [...(script.subagent ?? [])];
  return (request, context) => {
    if (context.kind !== "turn") return defaultResponder(request, context);
    const firstUser = request.messages.find((message) => message.role === "user");
    const firstText = firstUser ? lastUserText({ messages: [firstUser] }) : "";
    const queue = script.subagentMarker && firstText.includes(script.subagentMarker) ? subagent : main;
    return queue.shift() ?? defaultResponder(request, context);
  };
}

/** Every tool_result the model was sent, in order, as { tool_use_id, is_error, text }. */
export function toolResults(requests: readonly MessagesRequest[]): { id: string; isError: boolean; text: string }[] {
  const seen = new Map<string, { id: string; isError: boolean; text: string }>();
  for (const request of requests) {
    for (const message of request.messages) {
      if (message.role !== "user" || !Array.isArray(message.content)) continue;
      for (const block of message.content as { type: string; tool_use_id?: string; is_error?: boolean; content?: unknown }[]) {
        if (block.type !== "tool_result" || !block.tool_use_id) continue;
        const text = typeof block.content === "string" ? block.content : JSON.stringify(block.content);
        seen.set(block.tool_use_id, { id: block.tool_use_id, isError: block.is_error === true, text });
      }
    }
  }
  return [...seen.values()];
}
