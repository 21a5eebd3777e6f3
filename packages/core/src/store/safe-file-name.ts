// Session ids come from hosts and models: untrusted. A file name made from one can never leave its
// directory (no separators, no "..", no NUL), stays short, and two different ids never share a name —
// not even on a case-insensitive file system (macOS, Windows), and never a Windows device name.
import { sha256 } from "../record/sha256.js";

const MAX_LENGTH = 120;

/** CON, PRN, AUX, NUL, COM1–9, LPT1–9: device names on Windows, whatever the extension. */
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

export function safeFileName(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, MAX_LENGTH);
  // Ids in lower case (UUIDs, most hosts' ids) keep their plain name; any capital letter gets a hash,
  // so "Abc" and "abc" never share a file where case is folded.
  if (cleaned === id && cleaned !== "" && !/[A-Z]/.test(id) && !WINDOWS_RESERVED.test(id)) return cleaned;
  // Changed or cut: add a hash of the original so "a/b" and "a_b" stay apart.
  const digest = sha256(id).slice(0, 12);
  return `${cleaned.slice(0, MAX_LENGTH - 13) || "id"}~${digest}`;
}
