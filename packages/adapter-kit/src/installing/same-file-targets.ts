// Two parts of goalpost in one configuration file (Claude Code's settings hold its hooks and its
// status line): one target, so the file is read, planned and written once. Installing and
// uninstalling apply each part in turn; it is wired when every part is, present when any is. It goes
// by the first part's label (the others are named in its report, as the install leaves them: "hooks …,
// and the status line", or "hooks …, goalpost's status line taken out" for `install --no-status-line`).
import type { InstallTarget, JsonObject } from "../contract/install-spec.js";

/** goalpost's pieces in a target's file: its own list, or its label while present. */
export const targetParts = (target: InstallTarget, data: JsonObject): string[] =>
  target.parts ? target.parts(data) : target.present(data) ? [target.label] : [];

export function sameFileTargets(first: InstallTarget, ...more: readonly InstallTarget[]): InstallTarget {
  const all = [first, ...more];
  for (const target of more)
    if (target.path !== first.path || target.format !== first.format)
      throw new Error(`sameFileTargets: ${target.path} is not ${first.path}`);
  return {
    path: first.path,
    format: first.format,
    label: first.label,
    detail: [first.detail ?? "", ...more.map((target) => `and the ${target.label}`)].filter(Boolean).join(", "),
    describeInstall: (before, after) =>
      [
        `${first.label}${first.detail ? ` ${first.detail}` : ""}`,
        ...more.flatMap((target) =>
          target.present(after)
            ? [`and the ${target.label}`]
            : target.present(before)
              ? [`goalpost's ${target.label} taken out`]
              : target.changed?.(before, after)
                ? [`and ${target.label}`]
                : [],
        ),
      ].join(", "),
    install: (data) => all.reduce((next, target) => target.install(next), data),
    uninstall: (data) => all.reduce((next, target) => target.uninstall(next), data),
    wired: (data) => all.every((target) => target.wired(data)),
    present: (data) => all.some((target) => target.present(data)),
    problems: (data) => all.flatMap((target) => target.problems?.(data) ?? []),
    parts: (data) => all.flatMap((target) => targetParts(target, data)),
    rivals: (data) => all.flatMap((target) => target.rivals?.(data) ?? []),
    optionalParts: (data) => all.flatMap((target) => target.optionalParts?.(data) ?? []),
  };
}
