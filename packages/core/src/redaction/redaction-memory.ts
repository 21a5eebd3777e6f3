// The seam for a second line of redaction: what an earlier event of the same session revealed
// (session/session-secrets.ts). The redactor reports each value it takes out and, last, lets the memory
// redact what it remembers; the memory is plugged in around one engine event. Kept apart so that the
// redactor depends on nothing that reads or writes files.
export interface RedactionMemory {
  /** The redactor replaced `match` with `replacement`. */
  note(match: string, replacement: string): void;
  /** `text` with what the memory holds redacted. */
  redact(text: string): string;
}

let memory: RedactionMemory | null = null;

/** Runs `run` with `next` as the redactor's memory (the one before comes back after). */
export function useRedactionMemory<T>(next: RedactionMemory, run: () => T): T {
  const outer = memory;
  memory = next;
  try {
    return run();
  } finally {
    memory = outer;
  }
}

export const noteRedacted = (match: string, replacement: string): void => memory?.note(match, replacement);

export const redactRemembered = (text: string): string => (memory ? memory.redact(text) : text);
