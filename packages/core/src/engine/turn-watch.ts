// What keeps goalpost working, watched across the agent's turn, and what counts as a breach of it. The
// kit reads the marks (a stat of each installed file and configuration file, what goalpost's part of each
// configuration file says, the state root's owner and mode: host facts, through the adapter's install
// targets); this module keeps them in `<root>/integrity.json` and judges them. Marked at the user's
// prompt, when the turn starts; compared at a stop: a change made in between — by the agent, or by
// something it ran — is a breach, recorded in the notice log (told at the user's next prompt, kept for
// doctor and status). Changes between turns are the user's own: the next prompt takes them as they are.
//
// Not breaches: goalpost's own upgrade to a later release (its package's version moved on), and a
// configuration file that is wired again.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { recordBreaches } from "../notify/record-breaches.js";
import { writeFileAtomic } from "../store/atomic-file.js";

const INTEGRITY_FILE = "integrity.json";

/** What the kit saw now of what keeps goalpost working. */
interface WatchedMarks {
  /**
   * `<size>:<mtime>` of each watched file ("missing" when it is not there), the state root's
   * `<mode>:<uid>` under "state root", the installed release under "version".
   */
  readonly marks: Readonly<Record<string, string>>;
  /** Of each configuration file, what goalpost's part of it says: "wired", or in words what is wrong. */
  readonly states: Readonly<Record<string, string>>;
  /** Of each configuration file, goalpost's pieces in it ("Stop hook", "MCP server"). */
  readonly parts?: Readonly<Record<string, readonly string[]>>;
}

/** What the kit saw, and which of the marks are goalpost's installed files and the host's configuration files. */
export interface WatchedNow extends WatchedMarks {
  readonly files: readonly string[];
  readonly configFiles: readonly string[];
  /** The command that puts goalpost's pieces back, in words the user can run ("`goalpost-claude-code install`"). */
  readonly repair?: string;
}

export interface TurnMarks extends WatchedMarks {
  readonly parts: Readonly<Record<string, readonly string[]>>;
  /** The turn's goal, while one was open at the prompt: goalpost switched off since is a breach. */
  readonly goal: string | null;
  /**
   * Whether a stop compared the marks since the prompt took them. False from a prompt until a stop:
   * where no stop ran (killed by the host when another hook ended the turn first, an interrupted turn),
   * the next prompt compares them instead, so what is told does not hang on a stop's timing.
   */
  readonly judged?: boolean;
  /**
   * Configuration files a stop found unreadable (a save caught half-way, however long the editor took),
   * with what they said at the turn's start: the next prompt tells of one only if it still says more.
   */
  readonly deferred?: Readonly<Record<string, string>>;
}

/** How the kit words a configuration file it could not read (a state's first words). */
export const UNREADABLE_STATE = "it cannot be read";

/** The marks taken at the turn's start; null before any. */
export function readTurnMarks(root: string): TurnMarks | null {
  try {
    const data = JSON.parse(readFileSync(join(root, INTEGRITY_FILE), "utf8")) as Partial<TurnMarks>;
    return {
      marks: data.marks ?? {},
      states: data.states ?? {},
      parts: data.parts ?? {},
      goal: data.goal ?? null,
      ...(data.judged !== undefined ? { judged: data.judged } : {}),
      ...(data.deferred ? { deferred: data.deferred } : {}),
    };
  } catch {
    return null;
  }
}

function writeTurnMarks(root: string, before: TurnMarks | null, now: TurnMarks): void {
  if (before !== null && JSON.stringify(before) === JSON.stringify(now)) return;
  try {
    writeFileAtomic(join(root, INTEGRITY_FILE), `${JSON.stringify(now)}\n`);
  } catch {}
}

/**
 * goalpost's pieces that went from a configuration file since the last marks, whoever took them out:
 * a Stop hook removed on its own means no stop compares the marks again, so the prompt hook, which
 * remains, says so. A file first seen has lost nothing.
 */
function lostParts(before: TurnMarks | null, now: WatchedNow): string[] {
  if (!before) return [];
  return now.configFiles.flatMap((file) => {
    const was = before.parts[file];
    const lost = was ? was.filter((part) => !(now.parts?.[file] ?? []).includes(part)) : [];
    if (lost.length === 0) return [];
    const them = lost.length > 1 ? "they are" : "it is";
    return [
      `goalpost's ${lost.join(", ")} ${lost.length > 1 ? "are" : "is"} no longer in ${file}, so goalpost no longer answers there as it did. If you did not take ${lost.length > 1 ? "them" : "it"} out, ${now.repair ? `run ${now.repair} to` : "install goalpost again to"} put ${lost.length > 1 ? "them" : "it"} back; if you did, ${them} yours to leave out.`,
    ];
  });
}

/**
 * At the user's prompt: the turn starts from what is there now. `before`: the marks as read
 * (readTurnMarks), written again only if they changed; `goal`: the open goal's id, if any. goalpost's
 * pieces gone from a configuration file since are recorded to be told now (see lostParts).
 */
export function startTurnWatch(root: string, before: TurnMarks | null, now: WatchedNow, goal: string | null): void {
  // A turn with a goal open whose end no stop judged: judged now, in words that do not claim who did it.
  const unjudged =
    before?.judged === false && before.goal !== null
      ? changesSince(root, before, now, "after your last prompt, in a turn whose end goalpost did not see")
      : [];
  // A file a stop could not read: told now only if it still says more than at its turn's start.
  for (const [file, was] of Object.entries(before?.deferred ?? {})) {
    const added = addedSince(was, now.states[file]);
    if (added.length > 0) unjudged.push(`${file} was changed during the agent's turn: ${added.join("; ")}.`);
  }
  // A file told as changed is not told again for the pieces gone from it.
  const told = now.configFiles.filter((file) => unjudged.some((text) => text.startsWith(`${file} was changed`)));
  const lost = lostParts(before, now).filter((text) => !told.some((file) => text.includes(` no longer in ${file},`)));
  if (unjudged.length + lost.length > 0) recordBreaches(root, [...unjudged, ...lost]);
  writeTurnMarks(root, before, { marks: now.marks, states: now.states, parts: now.parts ?? {}, goal, judged: false });
}

/** Whether `now` is a later release than `before` (x.y.z, a pre-release counting before its release). */
export function laterRelease(before: string, now: string): boolean {
  const parts = (version: string) => {
    const [main = "", pre] = version.split("-", 2);
    return { numbers: main.split(".").map((part) => Number.parseInt(part, 10) || 0), pre: pre ?? null };
  };
  const a = parts(before);
  const b = parts(now);
  for (let index = 0; index < 3; index++) {
    const difference = (b.numbers[index] ?? 0) - (a.numbers[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return a.pre !== null && b.pre === null;
}

/**
 * At a stop: what changed since the turn started, recorded as breaches (and the marks moved on, so each
 * is told once). Returns the breaches' texts.
 */
export function endTurnWatch(root: string, before: TurnMarks, now: WatchedNow): string[] {
  // A file that could not be read is judged again at the next prompt (the user's editor may be mid-save).
  const deferred = Object.fromEntries(
    now.configFiles
      .filter((file) => before.states[file] !== undefined && (now.states[file] ?? "").startsWith(UNREADABLE_STATE))
      .map((file) => [file, before.states[file]!]),
  );
  const breaches = changesSince(root, before, now, "during the agent's turn").filter(
    (text) => !Object.keys(deferred).some((file) => text.startsWith(`${file} was changed`)),
  );
  if (breaches.length > 0) recordBreaches(root, breaches);
  writeTurnMarks(root, before, {
    marks: now.marks,
    states: now.states,
    parts: now.parts ?? before.parts,
    goal: before.goal,
    judged: true,
    ...(Object.keys(deferred).length > 0 ? { deferred } : {}),
  });
  return breaches;
}

/**
 * Whether two marks of an installed file name the same file: the same stat, or the same content digest
 * (`<size>:<mtime>#<digest>`, where the kit read one) — the same bytes written again are no change.
 */
function sameContent(before: string, now: string | undefined): boolean {
  if (now === undefined || before === now) return before === now;
  const digest = (mark: string) => mark.split("#")[1];
  return digest(before) !== undefined && digest(before) === digest(now);
}

/** What a configuration file's state says now that it did not (`was`), item by item. */
function addedSince(was: string, now: string | undefined): string[] {
  if (now === undefined || now === "wired") return [];
  const before = was.split("; ");
  return now.split("; ").filter((item) => !before.includes(item));
}

/** What changed between `before` and `now`, in words saying when (`during`). */
function changesSince(root: string, before: TurnMarks, now: WatchedNow, during: string): string[] {
  const { marks, states } = now;
  // goalpost upgraded to a later release (npm, a plugin update): its files changed as they should.
  const upgraded = !!before.marks["version"] && !!marks["version"] && laterRelease(before.marks["version"], marks["version"]);
  const breaches = [
    ...now.files
      .filter((file) => !upgraded && before.marks[file] !== undefined && !sameContent(before.marks[file]!, marks[file]))
      .map(
        (file) =>
          `goalpost's installed file ${basename(file)} was ${marks[file] === "missing" ? "removed" : "changed"} ${during} (${file}).`,
      ),
    ...now.configFiles.flatMap((file) => {
      if (before.states[file] === undefined) return [];
      // What the file says now that it did not (the rest was there at the prompt, the user's).
      const added = addedSince(before.states[file]!, states[file]);
      return added.length > 0 ? [`${file} was changed ${during}: ${added.join("; ")}.`] : [];
    }),
    ...(before.marks["state root"] !== undefined && before.marks["state root"] !== marks["state root"]
      ? [
          `goalpost's state folder ${root} changed owner or mode ${during} (${before.marks["state root"]} → ${marks["state root"]}).`,
        ]
      : []),
  ];
  return breaches;
}

/**
 * A hook found goalpost switched off (GOALPOST_DISABLED, the `disabled` file): if a goal was open at the
 * user's last prompt, that is a breach until the user says otherwise — recorded once.
 */
export function noteSwitchedOff(root: string): void {
  const before = readTurnMarks(root);
  if (!before?.goal) return;
  recordBreaches(root, [
    `goalpost was switched off (GOALPOST_DISABLED, or the disabled file) after your last prompt, with goal ${before.goal} open; every hook is a no-op. If that was not you, run \`goalpost enable\`.`,
  ]);
  writeTurnMarks(root, before, { ...before, goal: null });
}
