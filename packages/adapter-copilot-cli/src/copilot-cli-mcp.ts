// How a goal-tool call over MCP is tied to its Copilot CLI session. Copilot passes nothing of the
// session in an MCP call, but its preMcpToolCall hook may add `_meta` to it (`metaToUse`): goalpost's
// hook records the call by its id and puts that id there, and the server takes the call only with a
// recorded id, once (a subagent's call is known as one from that record).
import { MCP_CALL_META_KEY } from "./copilot-cli-hook-output.js";

/** The `_meta` keys that carry the call's tool-use id (the kit ties the call to its session by them). */
export const COPILOT_CLI_MCP_CALL_KEYS: readonly string[] = [MCP_CALL_META_KEY];
