// Word when the user is away: at the moments that need them — goalpost let the agent go (it needs their
// input, or its budget is spent), a goal closed on goalpost's own run, a pass that waits for their word,
// a breach recorded (record-breaches.ts) — goalpost runs the user's `notify` command (config.json in the
// state root: the agent cannot write it behind the host's walls) with a small JSON document on stdin, and
// shows a desktop notification where the user turned that on. Both are started detached and never waited
// for: a hook answers as fast as without.
import type { spawn as Spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { Env } from "../base/env.js";
import { loadBuiltin } from "../base/lazy-builtin.js";
import type { EngineConfig } from "../config/engine-config.js";
import type { GoalRecord } from "../record/goal-record.js";
import { goalText } from "../text/goal-text.js";
import { notifierFailureFile, recordProblem } from "./notifier-failure.js";

/**
 * let-go: the agent was let go (needs input, budget reached); closed: complete on goalpost's run;
 * waiting: a pass waits for the user's word; could-not-run: goalpost's run never got to the tests (a
 * toolchain, a cache or the network it lacks), which the user, not the agent, can mend; breach: something
 * was done to goalpost that it saw and could not prevent.
 */
type NoticeEvent = "let-go" | "closed" | "waiting" | "could-not-run" | "breach";

/** What the `notify` command reads on stdin (documented in docs/engine.md). */
interface UserNotice {
  readonly event: NoticeEvent;
  /** The goal's host, session and directory; null for a breach, which is the state root's, not one session's. */
  readonly host: string | null;
  readonly sessionId: string | null;
  readonly cwd: string | null;
  /** The goal it is about; null for a breach. */
  readonly goal: { readonly id: string; readonly objective: string; readonly status: string } | null;
  /** What happened, in a sentence. */
  readonly message: string;
  /** What the user should do now, or null when nothing. */
  readonly todo: string | null;
}

export function userNotice(event: NoticeEvent, goal: GoalRecord, message: string, todo: string | null): UserNotice {
  return {
    event,
    host: goal.host,
    sessionId: goal.sessionId,
    cwd: goal.cwd,
    goal: { id: goal.id, objective: goalText(goal.objective, 200), status: goal.status },
    message: goalText(message, 400),
    todo: todo === null ? null : goalText(todo, 200),
  };
}

/** A breach as the notifier reads it: what was done, and where the user looks. */
export function breachNotice(message: string): UserNotice {
  return {
    event: "breach",
    host: null,
    sessionId: null,
    cwd: null,
    goal: null,
    message: goalText(message.replace(/^goalpost: /, ""), 400),
    todo: "If it was not you, see `goalpost status`; the threat model in goalpost's core README says what each host's walls stop.",
  };
}

const onPath = (program: string, env: Env) =>
  (env["PATH"] ?? "").split(delimiter).some((dir) => dir !== "" && existsSync(join(dir, program)));

/** The desktop's own notifier: `notify-send` (Linux), `osascript` (macOS); null where there is none. */
function desktopCommand(title: string, body: string, env: Env): [string, string[]] | null {
  if (process.platform === "darwin" && onPath("osascript", env))
    return ["osascript", ["-e", `display notification ${JSON.stringify(body)} with title ${JSON.stringify(title)}`]];
  if (process.platform === "linux" && onPath("notify-send", env)) return ["notify-send", ["--app-name=goalpost", title, body]];
  return null;
}

/**
 * The user's command in a shell that, where it fails, leaves its status in `failed` for the next prompt
 * (notifier-failure.ts): `sh -c '<wrapper>' goalpost-notify '<command>' '<failed file>'`.
 */
const WRAPPER = '/bin/sh -c "$1"; status=$?; if [ "$status" -ne 0 ]; then printf "%s\n" "$status" > "$2"; fi';

/**
 * Starts the user's notifier(s) for `notice`, detached; says on `warn` what could not start. With the
 * state root, a failure is kept there as a problem the user hears of (notifier-failure.ts).
 */
export function notifyUser(
  config: Pick<EngineConfig, "notify" | "desktopNotifications">,
  notice: UserNotice,
  env: Env = process.env,
  warn: (message: string) => void = () => {},
  root?: string,
): void {
  const failed = (message: string) => {
    warn(message);
    if (root) recordProblem(root, message.replace(/^goalpost: /, ""));
  };
  const start = (file: string, args: string[], input: string | null) => {
    try {
      // Loaded only at such a moment: node:child_process costs every hook milliseconds at start.
      const { spawn } = loadBuiltin<{ spawn: typeof Spawn }>("node:child_process");
      const child = spawn(file, args, {
        detached: true,
        stdio: [input === null ? "ignore" : "pipe", "ignore", "ignore"],
        env: env as NodeJS.ProcessEnv,
        cwd: notice.cwd && existsSync(notice.cwd) ? notice.cwd : undefined,
      });
      child.on("error", (error) => failed(`goalpost: the notifier ${file} could not start: ${error.message}`));
      child.stdin?.on("error", () => {});
      child.stdin?.end(input);
      child.unref();
    } catch (error) {
      failed(`goalpost: the notifier ${file} could not start: ${(error as Error).message}`);
    }
  };
  if (config.notify)
    start(
      "/bin/sh",
      root ? ["-c", WRAPPER, "goalpost-notify", config.notify, notifierFailureFile(root)] : ["-c", config.notify],
      `${JSON.stringify(notice)}\n`,
    );
  if (config.desktopNotifications) {
    const desktop = desktopCommand(
      notice.goal ? `goalpost: ${notice.goal.objective}` : "goalpost: a breach",
      `${notice.message}${notice.todo ? ` ${notice.todo}` : ""}`,
      env,
    );
    if (desktop) start(desktop[0], desktop[1], null);
    else
      failed(
        `goalpost: desktop notifications are on (config.json's desktopNotifications), but the PATH goalpost's hooks see has no ${process.platform === "darwin" ? "osascript" : "notify-send (Debian and Ubuntu: apt install libnotify-bin)"}: none was shown. Install it, or turn them off.`,
      );
  }
}
