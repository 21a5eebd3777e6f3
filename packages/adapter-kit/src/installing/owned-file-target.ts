// A whole file goalpost owns in the host's home (a skill, an extension): install writes it, uninstall
// deletes it, and a file of the same name that is not goalpost's is never touched.
import { GoalpostError } from "@goalpost/core";
import type { InstallTarget } from "../contract/install-spec.js";

export function ownedFileTarget(options: {
  readonly path: string;
  readonly label: string;
  /** The file's text; read only when installing (it may come from the adapter's package). */
  readonly content: () => string;
  /** Whether a file's text is goalpost's (a marker it carries). */
  readonly isOwn: (text: string) => boolean;
}): InstallTarget {
  const text = (data: Record<string, unknown>) => (typeof data["text"] === "string" ? data["text"] : null);
  const own = (data: Record<string, unknown>) => {
    const current = text(data);
    return current !== null && options.isOwn(current);
  };
  return {
    path: options.path,
    format: "text",
    label: options.label,
    owned: true,
    install: (data) => {
      const current = text(data);
      if (current !== null && current.trim() !== "" && !options.isOwn(current))
        throw new GoalpostError(
          "invalid_input",
          `${options.path} exists and is not goalpost's. goalpost left it untouched; move it away, then install again.`,
        );
      return { text: options.content() };
    },
    uninstall: (data) => (own(data) ? {} : data),
    wired: (data) => own(data) && text(data) === options.content(),
    present: own,
  };
}
