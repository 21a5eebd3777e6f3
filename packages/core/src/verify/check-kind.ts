// What kind of check a command is: a test, build, typecheck or lint run, by its programs (`npm test`,
// `tsc`, `eslint`), or by its name where the user named it (`./scripts/test`).
import { verificationCategory } from "../evidence/classify-command.js";
import { parseShell } from "../evidence/shell-syntax.js";
import type { CheckKind } from "../record/goal-checks.js";

/** The kind a command checks, when it is a test, build, typecheck or lint run. */
export function checkKindOf(command: string): CheckKind | null {
  for (const segment of parseShell(command).segments) {
    const category = verificationCategory(segment);
    if (category) return category;
  }
  return null;
}

/**
 * The kind of a command the user named: what its programs say (`npm test`, `tsc`, `eslint`), else a test
 * when its name says so (`./scripts/test`, `make check`) — held to a runner's report unless the user
 * trusts its exit status (`goal: check trust`) — else "other", which passes on exit status 0.
 */
export function namedKind(command: string): CheckKind {
  return checkKindOf(command) ?? (/(?:^|[\s/._-])(?:tests?|specs?|check)(?:$|[\s._-])/i.test(command) ? "test" : "other");
}
