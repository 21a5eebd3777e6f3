// node:crypto takes ~6 ms to load (it pulls in streams), and a hook process pays that on every tool
// call if it is imported up front. Hashes go through sha256.ts (pure JavaScript for short texts), so
// only a goal's id (random bytes) and long texts load it, on first use.
import { loadBuiltin } from "../base/lazy-builtin.js";

type Crypto = typeof import("node:crypto");
let crypto: Crypto | undefined;

/** node:crypto if something already loaded it (a start-up snapshot holds it loaded), else undefined. */
export const loadedCrypto = (): Crypto | undefined => crypto;

export function lazyCrypto(): Crypto {
  crypto ??= loadBuiltin<Crypto>("node:crypto");
  return crypto;
}
