// A goal's life as one ordered list: captured, opened, each update; the tool calls between updates,
// grouped, with drift warnings and denials among them; receipts; compactions and restores; stop
// blocks; refused and accepted closes. Built only from what goalpost recorded (the goal record and
// its session file): the report shows evidence, never what the agent said about it.
import type { GoalRecord } from "@goalpost/core";
import { GOAL_SOURCE_WORDS, type SessionFile } from "@goalpost/core/internal";

export type EntryKind =
  | "captured"
  | "opened"
  | "updated"
  | "closed"
  | "refused"
  | "restored"
  | "stalled"
  | "moved"
  | "drift-warned"
  | "drift-denied"
  | "snapshot"
  | "stop-blocked"
  | "compacted"
  | "receipt"
  | "verifying"
  | "verified"
  | "accepted"
  | "told"
  | "tool";

export interface TimelineEntry {
  readonly at: string;
  readonly kind: EntryKind;
  /** A short title: "Updated", "Receipt: test passed". */
  readonly title: string;
  readonly detail: string;
  /** How it reads: good news, bad news, a warning, or neither. */
  readonly tone: "good" | "bad" | "warn" | "neutral";
}

/** Tool calls in a row, between two other entries. */
export interface ToolGroup {
  readonly kind: "tools";
  readonly from: string;
  readonly to: string;
  readonly calls: readonly TimelineEntry[];
}

export type TimelineItem = TimelineEntry | ToolGroup;

/** Each kind of event in the goal's history, in words, and how it reads (shown by the report, show and watch). */
export const EVENT_TITLE: Record<GoalRecord["history"][number]["type"], [string, TimelineEntry["tone"]]> = {
  opened: ["Opened", "neutral"],
  updated: ["Updated", "good"],
  closed: ["Closed", "good"],
  refused: ["Close refused", "bad"],
  restored: ["Restored after compaction", "good"],
  stalled: ["Let go: waiting for your word", "warn"],
  moved: ["Moved", "neutral"],
  "drift-warned": ["Drift warning", "warn"],
  "drift-denied": ["Denied", "bad"],
  snapshot: ["Snapshot before compaction", "neutral"],
  "stop-blocked": ["Stop blocked", "warn"],
  verifying: ["goalpost runs the checks", "neutral"],
  verified: ["goalpost's run of the checks", "neutral"],
  accepted: ["Accepted by the user", "good"],
  told: ["Told to you", "neutral"],
};

/** Ties keep a readable order: a compaction before its snapshot note, a call before its receipt. */
const TIE_ORDER: Record<EntryKind, number> = {
  captured: 0,
  opened: 1,
  compacted: 2,
  snapshot: 3,
  restored: 4,
  tool: 5,
  "drift-warned": 6,
  "drift-denied": 7,
  receipt: 8,
  updated: 9,
  "stop-blocked": 10,
  stalled: 11,
  verifying: 12,
  verified: 13,
  refused: 14,
  accepted: 15,
  closed: 16,
  told: 17,
  moved: 18,
};

/** How a receipt's title ends when the host's own record of tool calls does not hold it. */
export const UNSEEN_RECEIPT = " — not in the host's own record";

export function timelineEntries(goal: GoalRecord, session: SessionFile | null): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    {
      at: goal.createdAt,
      kind: "captured",
      title: `Captured ${GOAL_SOURCE_WORDS[goal.source]}`,
      detail: goal.sourcePromptPreview ?? goal.objective,
      tone: "neutral",
    },
    ...goal.history.map((event): TimelineEntry => {
      const [title, tone] = EVENT_TITLE[event.type];
      const closedAs = event.type === "closed" ? /\b(complete|cancelled|blocked)\b/.exec(event.note)?.[1] : undefined;
      return {
        at: event.at,
        kind: event.type,
        title: closedAs ? `Closed as ${closedAs}` : title,
        detail: event.note,
        tone:
          event.type === "verified"
            ? event.note.startsWith("passed")
              ? "good"
              : "bad"
            : closedAs && closedAs !== "complete"
              ? "warn"
              : tone,
      };
    }),
    ...goal.toolHistory.map(
      (call): TimelineEntry => ({
        at: call.at,
        kind: "tool",
        title: call.tool,
        detail: `${call.kind}: ${call.summary}`,
        tone: "neutral",
      }),
    ),
    ...goal.receipts.map(
      (receipt): TimelineEntry => ({
        at: receipt.at,
        kind: "receipt",
        title: `The agent's receipt: ${receipt.category} ${receipt.passed === true ? "passed" : receipt.passed === false ? "failed" : "proves nothing"}${receipt.corroborated === false ? UNSEEN_RECEIPT : receipt.corroborated === true ? " (in the host's record)" : ""}`,
        detail: [
          receipt.command ?? receipt.tool,
          receipt.exitCode === undefined || receipt.exitCode === null ? "" : `exit ${receipt.exitCode}`,
          receipt.verdict ?? "",
        ]
          .filter(Boolean)
          .join(" — "),
        // A receipt the host never recorded was fed to goalpost by something else: red, whatever it says.
        tone:
          receipt.corroborated === false ? "bad" : receipt.passed === true ? "good" : receipt.passed === false ? "bad" : "warn",
      }),
    ),
    // The session's compactions that happened while this goal lived.
    ...(session?.compactions ?? [])
      .filter((entry) => entry.at >= goal.createdAt && (goal.closedAt === null || entry.at <= goal.closedAt))
      .map(
        (entry): TimelineEntry => ({
          at: entry.at,
          kind: "compacted",
          title: `Compacted (${entry.trigger})`,
          detail: entry.restoredAt ? `goal restored at ${entry.restoredAt}` : "not followed by a restore",
          tone: entry.restoredAt ? "neutral" : "bad",
        }),
      ),
  ];
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) => a.entry.at.localeCompare(b.entry.at) || TIE_ORDER[a.entry.kind] - TIE_ORDER[b.entry.kind] || a.index - b.index,
    )
    .map(({ entry }) => entry);
}

/** Consecutive tool calls become one group; everything else stands alone. */
export function groupTimeline(entries: readonly TimelineEntry[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  for (const entry of entries) {
    const last = items.at(-1);
    if (entry.kind !== "tool") items.push(entry);
    else if (last && last.kind === "tools") items[items.length - 1] = { ...last, to: entry.at, calls: [...last.calls, entry] };
    else items.push({ kind: "tools", from: entry.at, to: entry.at, calls: [entry] });
  }
  return items;
}
