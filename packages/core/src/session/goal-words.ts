// The words a user types to set a goal or to carry on with one, per language: data, so that a language
// is added by adding its words (and a test of them), never by touching the matching code
// (goal-command.ts). A marker is written as it is typed before the colon: "but " (French sets a space
// before its colon, which keeps the English "But:" from reading as a goal).

interface LanguageWords {
  /** Words that start a goal before a colon (`goal: …`). */
  readonly markers: readonly string[];
  /** Whole prompts that ask to carry on with the goal ("keep going"). */
  readonly carryOn: readonly string[];
  /** Lines of a goal that say who it is for, what it is, why it matters (`why: …`): its FOCUS. */
  readonly focus?: { readonly who: readonly string[]; readonly what: readonly string[]; readonly why: readonly string[] };
}

export const GOAL_WORDS: Readonly<Record<string, LanguageWords>> = {
  en: {
    markers: ["goal", "objective"],
    carryOn: [
      "keep going",
      "carry on",
      "go on",
      "continue",
      "continue the goal",
      "continue with the goal",
      "continue where we left off",
      "continue working",
      "resume the goal",
      "resume where we left off",
      "resume work",
      "pick up where we left off",
    ],
    focus: { who: ["who", "for"], what: ["what"], why: ["why"] },
  },
  de: {
    markers: ["ziel"],
    carryOn: ["weiter", "mach weiter", "weitermachen", "fahre fort"],
    focus: { who: ["wer", "für"], what: ["was"], why: ["warum", "wozu"] },
  },
  es: {
    markers: ["objetivo", "meta"],
    carryOn: ["sigue", "continúa", "continua", "sigue adelante"],
    focus: { who: ["quién", "para"], what: ["qué"], why: ["por qué"] },
  },
  fr: {
    markers: ["objectif", "but "],
    carryOn: ["continue", "continuez", "poursuis", "vas-y"],
    focus: { who: ["qui", "pour"], what: ["quoi"], why: ["pourquoi"] },
  },
  it: { markers: ["obiettivo"], carryOn: ["continua", "vai avanti"] },
  pt: { markers: ["objetivo", "meta"], carryOn: ["continua", "continue", "siga em frente"] },
  nl: { markers: ["doel"], carryOn: ["ga door", "ga verder"] },
  pl: { markers: ["cel"], carryOn: ["kontynuuj", "dalej"] },
  ru: { markers: ["цель"], carryOn: ["продолжай", "продолжить", "дальше"] },
  uk: { markers: ["мета", "ціль"], carryOn: ["продовжуй", "далі"] },
  tr: { markers: ["hedef", "amaç"], carryOn: ["devam et"] },
  zh: { markers: ["目标", "目標"], carryOn: ["继续", "繼續"] },
  ja: { markers: ["目標", "ゴール"], carryOn: ["続けて", "続行"] },
  ko: { markers: ["목표"], carryOn: ["계속", "계속해"] },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const all = (pick: (words: LanguageWords) => readonly string[]) => [...new Set(Object.values(GOAL_WORDS).flatMap(pick))];

/** A marker as a pattern: its word, then (for a spaced one) at least one space, before the colon. */
const markerPattern = (marker: string) =>
  marker.endsWith(" ") ? `${escapeRegExp(marker.trimEnd())}[ \\u00A0\\u202F]+` : `${escapeRegExp(marker)}\\s*`;

/** `<marker>:` or `<marker>：` at the start of a prompt, any case; the rest is the body. */
export const MARKER = new RegExp(
  `^\\s*(?:${all((words) => words.markers)
    .sort((a, b) => b.length - a.length)
    .map(markerPattern)
    .join("|")})[:\\uFF1A]([\\s\\S]*)$`,
  "iu",
);

/** A whole short prompt that asks to carry on, with "please" and end punctuation allowed around it. */
export const CARRY_ON = new RegExp(
  `^\\s*(?:please\\s+)?(?:${all((words) => words.carryOn)
    .sort((a, b) => b.length - a.length)
    .map((phrase) => escapeRegExp(phrase).replace(/ /g, "\\s+"))
    .join("|")})\\s*(?:please)?[\\s.!。！…]*$`,
  "iu",
);

/** Per part of the focus, the line that says it: its label in any language above, then `:` and the words. */
const FOCUS_LINES = Object.fromEntries(
  (["who", "what", "why"] as const).map((key) => {
    const labels = all((words) => words.focus?.[key] ?? []).sort((a, b) => b.length - a.length);
    return [key, new RegExp(`^\\s*(?:${labels.map(escapeRegExp).join("|")})\\s*[:\\uFF1A]\\s*(\\S.*)$`, "imu")];
  }),
) as Record<"who" | "what" | "why", RegExp>;

/** The focus lines of a goal's words, as the user wrote them: `who: …`, `what: …`, `why: …` (any language above); never invented. */
export function focusFromWords(objective: string): { who: string | null; what: string | null; why: string | null } {
  const said = (key: "who" | "what" | "why") => FOCUS_LINES[key].exec(objective)?.[1]?.trim() ?? null;
  return { who: said("who"), what: said("what"), why: said("why") };
}
