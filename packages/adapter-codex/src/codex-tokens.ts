// Codex's record of token use: its rollout (`transcript_path`) logs an `event_msg` of type
// `token_count` after each model response, whose `info.total_token_usage` is the session's running
// total (`input_tokens` includes `cached_input_tokens`; `output_tokens` includes reasoning). The newest
// total is the session's; input read from the cache is not counted.
import { type HostTokenRecord, tokenCount } from "@goalpost/adapter-kit";

interface TotalUsage {
  readonly input_tokens?: unknown;
  readonly cached_input_tokens?: unknown;
  readonly output_tokens?: unknown;
}

/** The tokens a running total counts for: fresh input and output. */
function totalTokens(usage: TotalUsage): number {
  return Math.max(0, tokenCount(usage.input_tokens) - tokenCount(usage.cached_input_tokens)) + tokenCount(usage.output_tokens);
}

export const codexTokens: HostTokenRecord = {
  file: (payload) => {
    const path = (payload as { transcript_path?: unknown }).transcript_path;
    return typeof path === "string" && path !== "" ? path : null;
  },
  cumulative: true,
  tally(lines, before) {
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      const line = lines[index]!;
      if (!line.includes('"token_count"') || !line.includes('"total_token_usage"')) continue;
      try {
        const entry = JSON.parse(line) as { payload?: { type?: unknown; info?: { total_token_usage?: TotalUsage } | null } };
        const usage = entry.payload?.type === "token_count" ? entry.payload.info?.total_token_usage : undefined;
        if (usage) return { tokens: totalTokens(usage), last: null };
      } catch {}
    }
    return before;
  },
};
