// Goal capture from prompts: `/goal <text>`, `/goalpost <text>`, `goal: <text>`, `objective: <text>`
// at the start of a prompt (any case, fullwidth colon too, leading white space, multi-line bodies, any
// language). Verbs are not objectives: `/goal` alone or `/goal status` reports, `/goal clear` and its
// synonyms cancel, `/goal continue [id]` continues.

export type GoalCommand =
  | { readonly kind: "set"; readonly objective: string; readonly source: "slash" | "marker" }
  | { readonly kind: "status" }
  | { readonly kind: "clear" }
  | { readonly kind: "continue"; readonly goalId?: string };

const SLASH = /^\s*\/(?:goal|goalpost)(?=\s|$)([\s\S]*)$/i;
const MARKER = /^\s*(?:goal|objective)\s*[:：]([\s\S]*)$/i;
const CLEAR_VERBS = new Set(["clear", "stop", "off", "reset", "none", "cancel"]);

export function parseGoalCommand(prompt: string): GoalCommand | null {
  const slash = SLASH.exec(prompt);
  if (slash) {
    const body = (slash[1] ?? "").trim();
    if (body === "" || /^status$/i.test(body)) return { kind: "status" };
    const [verb = "", ...rest] = body.split(/\s+/);
    const lower = verb.toLowerCase();
    if (CLEAR_VERBS.has(lower) && rest.length === 0) return { kind: "clear" };
    if (lower === "continue" || lower === "resume") {
      const goalId = rest.find((word) => /^goal_[a-z0-9_]+$/i.test(word));
      if (rest.length === 0 || goalId) return goalId ? { kind: "continue", goalId } : { kind: "continue" };
    }
    return { kind: "set", objective: body, source: "slash" };
  }
  const marker = MARKER.exec(prompt);
  if (marker) {
    const body = (marker[1] ?? "").trim();
    if (body !== "") return { kind: "set", objective: body, source: "marker" };
  }
  return null;
}
