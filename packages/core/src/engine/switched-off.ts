// While goalpost is switched off (GOALPOST_DISABLED, the "disabled" file) nothing is decided; a
// user's own prompt still carries the breaches not told yet, and only them — switching goalpost off
// must not hide what was done to it.
import type { EngineDecision, EngineEventInput } from "./engine-event.js";

export function switchedOffDecision(
  event: EngineEventInput | null,
  takeBreaches: () => readonly string[],
): EngineDecision | null {
  if (event?.type !== "prompt-submitted" || event.subagent || event.origin === "host") return null;
  const notes = takeBreaches();
  return notes.length === 0 ? null : { action: "none", userNote: notes.join("\n") };
}
