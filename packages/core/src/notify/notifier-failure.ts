// A notifier the user turned on that fails is a problem they must hear of, not a silence: goalpost's word
// then reaches nobody. The user's `notify` command runs detached and is never waited for, so the shell
// that runs it writes its non-zero status into the state root (it cannot take the notice log's lock);
// the next prompt takes that in as a problem — told once there, and kept for `doctor` and `status` —
// beside what goalpost sees itself (a notifier that cannot start, desktop notifications with none on the machine).
import { readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { recordNotice, takeUntold } from "../store/record-notice.js";

/** Where the notify command's wrapper leaves its failing status. */
export const notifierFailureFile = (root: string) => join(root, "notifier-failed");

/** Records a problem (told once at the next prompt; recorded once while untold). */
export const recordProblem = (root: string, message: string): boolean => recordNotice(root, { kind: "problem", message });

/** Takes in a failure the notify command's wrapper left: recorded as a problem, the file removed. */
export function collectNotifierFailure(root: string): void {
  const file = notifierFailureFile(root);
  let text: string;
  let at: Date;
  try {
    text = readFileSync(file, "utf8");
    at = statSync(file).mtime;
  } catch {
    return; // the common case: nothing failed
  }
  const status = text.trim();
  const why = status === "127" ? "was not found (status 127)" : `exited with status ${status}`;
  recordProblem(
    root,
    `your notifier (config.json's \`notify\` command) ${why} at ${at.toISOString().slice(11, 16)} UTC: goalpost's word did not reach you that way. Run it by hand to see why, with a notice on its stdin: echo '{}' | <your command>.`,
  );
  rmSync(file, { force: true });
}

/** The problems not told yet, each as a line for the user, marked told. Asked at every prompt. */
export function takeUntoldProblems(root: string): string[] {
  collectNotifierFailure(root);
  return takeUntold(root, "problem").map((problem) => `goalpost: ${problem.message}`);
}
