// SHA-256 of text, as hex. A hook hashes the tool call on every PreToolUse and PostToolUse (a receipt
// must match a call the host showed us) and names session files by hash. node:crypto costs a plain
// hook process 4–9 ms just to load (it pulls in streams and Web Crypto); @noble/hashes, audited and
// pure JavaScript, hashes a tool call in under a millisecond from cold. Past 64 KiB Node's native
// hash is quicker than loading it costs (a 500 KB output: ~1 ms against ~11 ms), so it takes over there.
// Where node:crypto is loaded already (a hook started from a snapshot, whose warm-up loaded it) it
// hashes everything: native and warm, it is quicker there. Both are SHA-256: the same text gives the
// same hex either way.
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { lazyCrypto, loadedCrypto } from "./lazy-crypto.js";

/** Texts longer than this (in UTF-16 units) are hashed by node:crypto. */
const NATIVE_FROM = 64 * 1024;

export function sha256(text: string): string {
  const native = text.length > NATIVE_FROM ? lazyCrypto() : loadedCrypto();
  return native ? native.createHash("sha256").update(text).digest("hex") : portableSha256(text);
}

/** SHA-256 in JavaScript alone, without node:crypto. */
export function portableSha256(text: string): string {
  return bytesToHex(nobleSha256(utf8ToBytes(text)));
}
