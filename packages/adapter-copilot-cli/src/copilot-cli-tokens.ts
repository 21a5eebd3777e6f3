// Copilot CLI's record of token use: the session's event log,
// `$COPILOT_HOME/session-state/<session id>/events.jsonl` (agentStop's `transcriptPath`), holds a
// `session.usage_record` per model request with `data.usage.{inputTokens, outputTokens,
// cacheReadTokens, cacheWriteTokens}` (1.0.102, ran). Each request is counted once; input read from
// the cache is not counted.
import { type HostTokenRecord, tokenCount } from "@goalpost/adapter-kit";
import { sessionEventLog } from "./copilot-cli-work-record.js";

interface Usage {
  readonly inputTokens?: unknown;
  readonly outputTokens?: unknown;
  readonly cacheReadTokens?: unknown;
}

/** The tokens one request's usage counts for: fresh input and output. */
function requestTokens(usage: Usage): number {
  return Math.max(0, tokenCount(usage.inputTokens) - tokenCount(usage.cacheReadTokens)) + tokenCount(usage.outputTokens);
}

export const copilotCliTokens: HostTokenRecord = {
  // agentStop names the log; a prompt's payload does not, and the log is found by the session's id.
  file: sessionEventLog,
  tally(lines, before) {
    let { tokens } = before;
    for (const line of lines) {
      if (!line.includes('"session.usage_record"')) continue;
      try {
        const entry = JSON.parse(line) as { type?: unknown; data?: { usage?: Usage } };
        if (entry.type === "session.usage_record" && entry.data?.usage) tokens += requestTokens(entry.data.usage);
      } catch {}
    }
    return { tokens, last: null };
  },
};
