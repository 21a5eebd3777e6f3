// A prompt as the host's own record of what the user typed can vouch for it: by its SHA-256, the
// whitespace around it aside, so a decision's record keeps no text that may hold a secret.
import { sha256 } from "../record/sha256.js";

export const promptHash = (prompt: string): string => sha256(prompt.trim());
