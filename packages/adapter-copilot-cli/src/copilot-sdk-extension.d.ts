// The part of `@github/copilot-sdk/extension` goalpost's extension uses, declared here rather than
// installing the SDK package (it brings a 113 MB runtime) for types alone. At run time the module is
// the copy bundled in the Copilot CLI, the only one that resolves in an extension (docs/hosts/copilot-cli.md §8).
// Shapes from @github/copilot-sdk 1.0.14's extension.d.ts and types.d.ts, plus `agentId`, which only
// the CLI's bundled SDK sets (on a subagent's calls), the session's plan and its `log` (Copilot CLI 1.0.102's SDK).
declare module "@github/copilot-sdk/extension" {
  export interface ToolInvocation {
    readonly sessionId: string;
    readonly toolCallId: string;
    readonly toolName: string;
    readonly arguments: unknown;
    readonly agentId?: string;
  }
  export interface ToolResultObject {
    readonly textResultForLlm: string;
    readonly resultType: "success" | "failure";
    readonly error?: string;
  }
  export interface Tool {
    readonly name: string;
    readonly description?: string;
    readonly parameters?: Record<string, unknown>;
    readonly skipPermission?: boolean;
    handler?(args: unknown, invocation: ToolInvocation): Promise<unknown> | unknown;
  }
  /** A row of the session database's `todos` table (the CLI's bundled SDK, `generated/rpc.d.ts`: PlanSqlTodosRow). */
  export interface PlanSqlTodosRow {
    readonly id?: string;
    readonly title?: string;
    readonly description?: string;
    readonly status?: string;
  }
  /** The part of the session the extension joins that goalpost uses (the CLI's bundled SDK, `session.d.ts`). */
  export interface CopilotSession {
    readonly sessionId: string;
    on(eventType: "session.todos_changed", handler: () => void): () => void;
    /** Every event of the session. */
    on(handler: (event: { readonly type: string }) => void): () => void;
    readonly rpc: { readonly plan: { readSqlTodosWithDependencies(): Promise<{ rows: PlanSqlTodosRow[] }> } };
    /** A message in the session's timeline (the terminal UI shows a warning as `! <message>`). */
    log(message: string, options?: { level?: "info" | "warning" | "error"; ephemeral?: boolean }): Promise<void>;
  }
  export function joinSession(config: { tools?: Tool[] }): Promise<CopilotSession>;
}
