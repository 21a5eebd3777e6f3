// Codex's goal store, read-only: $CODEX_HOME/goals_1.sqlite, table thread_goals keyed by the thread
// id hooks call session_id (docs/hosts/codex.md §6). A goal the user sets, pauses or clears in Codex's terminal
// UI reaches no hook; this is where it shows. Codex keeps the file in WAL mode, so a reading must go
// through SQLite itself (a copy of the file alone misses what the log has not yet checkpointed):
//   - node:sqlite where this Node has it unflagged (22.13+, 23.4+): in process, no child;
//   - else the sqlite3 program, when it is on PATH (macOS ships it; Debian's package is sqlite3);
//   - else none: Codex's own goal is then followed only through its tool calls (README).
// No native module is loaded. A missing file, a lock that outlasts a short wait, an unknown status or a
// changed schema each read as "unreadable": nothing is decided from them, and the next hook tries again.
import { statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { loadBuiltin } from "@goalpost/adapter-kit";
import type { Env, HostGoal, HostGoalStatus } from "@goalpost/core";
import { codexHome } from "./codex-paths.js";

export const goalStorePath = (env: Env = process.env) => join(codexHome(env), "goals_1.sqlite");

const QUERY = "SELECT goal_id, objective, status FROM thread_goals WHERE thread_id = ?";
/** How long a reading waits for Codex's write lock, in ms: a hook must stay quick. */
const BUSY_WAIT_MS = 250;

const STATUSES: Readonly<Record<string, HostGoalStatus>> = {
  active: "active",
  paused: "paused",
  blocked: "blocked",
  complete: "complete",
  usage_limited: "usage-limited",
  budget_limited: "budget-limited",
};

/**
 * A fingerprint of the store (size and modification time of the database and of its write-ahead
 * log): a hook reads the store again only when it changed. Null when there is no store.
 */
export function goalStoreSignature(path: string): string | null {
  // An empty log holds nothing, and a reader creates one where there was none: both read as no log.
  const stamp = (file: string) => {
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats?.size ? `${stats.size}@${stats.mtimeMs}` : "-";
  };
  const database = stamp(path);
  return database === "-" ? null : `${database}/${stamp(`${path}-wal`)}`;
}

export type GoalStoreReading = { readonly goal: HostGoal | null } | { readonly unreadable: string };

interface Row {
  readonly goal_id?: unknown;
  readonly objective?: unknown;
  readonly status?: unknown;
}

function toReading(row: Row | undefined): GoalStoreReading {
  if (!row) return { goal: null };
  const status = typeof row.status === "string" ? STATUSES[row.status] : undefined;
  if (typeof row.goal_id !== "string" || typeof row.objective !== "string" || !status)
    return { unreadable: `thread_goals has a row goalpost does not know (status ${String(row.status)})` };
  return { goal: { id: row.goal_id, objective: row.objective, status } };
}

/** The part of node:sqlite used here (Node 20's types have none of it). */
interface NodeSqlite {
  readonly DatabaseSync: new (
    path: string,
    options?: { readOnly?: boolean },
  ) => {
    exec(sql: string): void;
    prepare(sql: string): { get(...parameters: unknown[]): unknown };
    close(): void;
  };
}

/** node:sqlite, when this Node has it without a flag; its "experimental" warning is kept off the host's screen. */
function nodeSqlite(): NodeSqlite | null {
  const load = process.getBuiltinModule;
  if (!load) return null;
  const emitWarning = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return (load("node:sqlite") as NodeSqlite | undefined) ?? null;
  } catch {
    return null;
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** The sqlite3 program on PATH, looked up with a few stats rather than a failed spawn. */
function sqliteProgram(env: Env): string | null {
  for (const dir of (env["PATH"] ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, "sqlite3");
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

export type GoalStoreEngine = "node:sqlite" | "sqlite3" | "none";

/** How this process would read the store. */
export function goalStoreEngine(env: Env = process.env): GoalStoreEngine {
  if (nodeSqlite()) return "node:sqlite";
  return sqliteProgram(env) ? "sqlite3" : "none";
}

function readWithNode(sqlite: NodeSqlite, path: string, threadId: string): GoalStoreReading {
  const database = new sqlite.DatabaseSync(path, { readOnly: true });
  try {
    database.exec(`PRAGMA busy_timeout = ${BUSY_WAIT_MS}`);
    return toReading(database.prepare(QUERY).get(threadId) as Row | undefined);
  } finally {
    database.close();
  }
}

function readWithProgram(program: string, path: string, threadId: string): GoalStoreReading {
  // The thread id goes in as an SQL literal: Codex's ids are UUIDs, and anything else is refused first.
  if (!/^[\w-]+$/.test(threadId)) return { unreadable: "a thread id goalpost will not put in a query" };
  let output: string;
  try {
    // Loaded here, not with the module: node:child_process costs every hook ~2–5 ms to load, and only
    // a Node without node:sqlite reading a changed store ever needs it.
    const { execFileSync } = loadBuiltin<typeof import("node:child_process")>("node:child_process");
    output = execFileSync(
      program,
      ["-readonly", "-json", "-cmd", `.timeout ${BUSY_WAIT_MS}`, path, QUERY.replace("?", `'${threadId}'`)],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 2_000 },
    );
  } catch (error) {
    // sqlite3's own words ("database is locked", "no such table: …") are on its stderr.
    const said = String((error as { stderr?: unknown }).stderr ?? "").trim();
    return { unreadable: said.split("\n")[0] || (error as Error).message };
  }
  // sqlite3 prints nothing at all for no rows.
  const rows = output.trim() ? (JSON.parse(output) as Row[]) : [];
  return toReading(rows[0]);
}

/** Codex's goal for one thread, as its store says now. */
export function readThreadGoal(path: string, threadId: string, env: Env = process.env): GoalStoreReading {
  try {
    const sqlite = nodeSqlite();
    if (sqlite) return readWithNode(sqlite, path, threadId);
    const program = sqliteProgram(env);
    if (program) return readWithProgram(program, path, threadId);
    return { unreadable: "no SQLite reader here (Node 22.13+ has one built in; or install the sqlite3 program)" };
  } catch (error) {
    return { unreadable: (error as Error).message.split("\n")[0] ?? "unknown error" };
  }
}
