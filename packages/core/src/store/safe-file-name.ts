// Session ids come from hosts and models: untrusted. A file name made from one can never leave its
// directory (no separators, no "..", no NUL), stays short, and two different ids never share a name.
import { lazyCrypto } from "../record/lazy-crypto.js";

const MAX_LENGTH = 120;

export function safeFileName(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, MAX_LENGTH);
  if (cleaned === id && cleaned !== "") return cleaned;
  // Changed or cut: add a hash of the original so "a/b" and "a_b" stay apart.
  const digest = lazyCrypto().createHash("sha256").update(id).digest("hex").slice(0, 12);
  return `${cleaned.slice(0, MAX_LENGTH - 13) || "id"}~${digest}`;
}
