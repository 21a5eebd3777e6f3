// A scripted stand-in for an OpenAI-compatible chat-completions API on 127.0.0.1, so the real Copilot
// CLI runs offline in BYOK mode (RECIPE: hosts/copilot-cli). It streams `chat.completion.chunk` SSE
// (text or one tool call), logs every request with Copilot's `x-interaction-type`, and answers a
// harmless text after a request cap, so a runaway loop ends on the run's own timeout.
import { createServer, type Server } from "node:http";
import { listenOnLoopback } from "./loopback-server.js";

interface ChatMessage {
  readonly role: string;
  readonly content?: unknown;
  readonly tool_calls?: readonly { id: string; function: { name: string; arguments: string } }[];
  readonly tool_call_id?: string;
}

export interface ChatRequest {
  readonly kind: string;
  readonly body: { readonly messages: readonly ChatMessage[]; readonly tools?: readonly { function: { name: string } }[] };
}

export interface ChatReply {
  readonly text?: string;
  readonly call?: { readonly name: string; readonly arguments: Record<string, unknown> };
}

export interface MockChat {
  readonly url: string;
  readonly requests: ChatRequest[];
  close(): Promise<void>;
}

export const messageText = (message: ChatMessage | undefined): string =>
  typeof message?.content === "string"
    ? message.content
    : Array.isArray(message?.content)
      ? (message.content as { text?: string }[]).map((part) => part.text ?? "").join("\n")
      : "";

/** The text of every tool result the model was shown, by call id. */
export function chatToolResults(requests: readonly ChatRequest[]): Map<string, string> {
  const results = new Map<string, string>();
  for (const message of requests.flatMap((request) => request.body.messages))
    if (message.role === "tool" && message.tool_call_id && !results.has(message.tool_call_id))
      results.set(message.tool_call_id, messageText(message));
  return results;
}

/**
 * The main agent's replies in order, one per request that offers tools, then text. A subagent's
 * requests get `subagent` replies, then text.
 */
export function scriptedChat(script: { main: readonly ChatReply[]; subagent?: readonly ChatReply[] }) {
  let main = 0;
  let subagent = 0;
  return (request: ChatRequest): ChatReply => {
    if (!request.body.tools?.length) return { text: "a title" };
    if (request.kind === "conversation-compaction") return { text: "MOCK_SUMMARY: the user set a goal and work began." };
    if (request.kind === "conversation-subagent") return script.subagent?.[subagent++] ?? { text: "subagent done" };
    return script.main[main++] ?? { text: "done" };
  };
}

export async function startMockChat(
  respond: (request: ChatRequest) => ChatReply,
  options: { maxRequests?: number } = {},
): Promise<MockChat> {
  const maxRequests = options.maxRequests ?? 80;
  const requests: ChatRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method === "GET")
      return void response
        .writeHead(200, { "content-type": "application/json" })
        .end('{"object":"list","data":[{"id":"gpt-4.1","object":"model","owned_by":"mock"}]}');
    if (!(request.url ?? "").endsWith("/chat/completions")) return void response.writeHead(404).end();
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest["body"] & { model?: string };
    const logged: ChatRequest = { kind: String(request.headers["x-interaction-type"] ?? ""), body };
    requests.push(logged);
    const reply = requests.length > maxRequests ? { text: "mock request cap reached" } : respond(logged);
    response.writeHead(200, { "content-type": "text/event-stream" });
    const chunk = (data: Record<string, unknown>) =>
      response.write(
        `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: body.model, ...data })}\n\n`,
      );
    chunk({ choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
    if (reply.call) {
      const call = {
        index: 0,
        id: `call_${requests.length}`,
        type: "function",
        function: { name: reply.call.name, arguments: JSON.stringify(reply.call.arguments) },
      };
      chunk({ choices: [{ index: 0, delta: { tool_calls: [call] }, finish_reason: null }] });
    } else chunk({ choices: [{ index: 0, delta: { content: reply.text ?? "" }, finish_reason: null }] });
    chunk({ choices: [{ index: 0, delta: {}, finish_reason: reply.call ? "tool_calls" : "stop" }] });
    chunk({ choices: [], usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 } });
    response.end("data: [DONE]\n\n");
  });
  const { url, close } = await listenOnLoopback(server, "/v1");
  return { url, requests, close };
}
