// Claude Code's record of token use: each model message in the session transcript (`transcript_path`)
// carries its `message.usage` (input_tokens, cache_creation_input_tokens, cache_read_input_tokens,
// output_tokens). A message of several content blocks is written as several lines with the same
// message id, so a message is counted once, at the largest usage seen for it. Input read from the
// cache is not counted: it is the same context again, not new work. A message whose usage no model
// response can have (its input beyond the largest context window, its output beyond the largest output)
// was written by something else: left out, and named for the kit to tell. Subagents write transcripts of
// their own (`<session>/subagents/agent-<id>.jsonl`, Claude Code 2.1.2+): the main one holds the main
// agent's responses only, which the kit bounds by the hooks it saw.
import { type HostTokenRecord, type TokenTally, tokenCount } from "@goalpost/adapter-kit";

interface Usage {
  readonly input_tokens?: unknown;
  readonly cache_creation_input_tokens?: unknown;
  readonly cache_read_input_tokens?: unknown;
  readonly output_tokens?: unknown;
}

/** The most one response of Anthropic's models can hold: a 1M-token context window, 128k tokens of output. */
const MOST_INPUT = 1_000_000;
const MOST_OUTPUT = 128_000;

/** Why a message's usage is beyond any model response, or null. */
function beyondAnyResponse(usage: Usage): string | null {
  const input =
    tokenCount(usage.input_tokens) + tokenCount(usage.cache_creation_input_tokens) + tokenCount(usage.cache_read_input_tokens);
  const output = tokenCount(usage.output_tokens);
  if (input > MOST_INPUT) return `${input.toLocaleString("en-US")} input tokens in one message`;
  if (output > MOST_OUTPUT) return `${output.toLocaleString("en-US")} output tokens in one message`;
  return null;
}

/** The tokens a message's usage counts for. */
function usageTokens(usage: Usage): number {
  return tokenCount(usage.input_tokens) + tokenCount(usage.cache_creation_input_tokens) + tokenCount(usage.output_tokens);
}

export const claudeCodeTokens: HostTokenRecord = {
  file: (payload) => {
    const path = (payload as { transcript_path?: unknown }).transcript_path;
    return typeof path === "string" && path !== "" ? path : null;
  },
  tally(lines, before) {
    let { tokens, last } = before;
    let implausible: string | undefined;
    let responses = 0;
    // `last` is "<message id> <tokens counted for it>": its later lines add only what they add.
    let [lastId, lastCounted] = last
      ? [last.slice(0, last.lastIndexOf(" ")), Number(last.slice(last.lastIndexOf(" ") + 1))]
      : ["", 0];
    for (const line of lines) {
      if (!line.includes('"usage"') || !line.includes('"assistant"')) continue;
      let entry: { type?: unknown; message?: { id?: unknown; usage?: Usage } };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const usage = entry.message?.usage;
      if (entry.type !== "assistant" || !usage) continue;
      const beyond = beyondAnyResponse(usage);
      if (beyond) {
        implausible ??= beyond;
        continue;
      }
      const id = typeof entry.message?.id === "string" ? entry.message.id : "";
      const counted = usageTokens(usage);
      if (id !== "" && id === lastId) {
        tokens += Math.max(0, counted - lastCounted);
        lastCounted = Math.max(counted, lastCounted);
      } else {
        tokens += counted;
        // A message with no usage (an API error Claude Code records as the model's) is no response.
        if (counted > 0) responses++;
        [lastId, lastCounted] = [id, counted];
      }
    }
    last = lastId ? `${lastId} ${lastCounted}` : last;
    return { tokens, last, responses, ...(implausible ? { implausible } : {}) } satisfies TokenTally;
  },
};
