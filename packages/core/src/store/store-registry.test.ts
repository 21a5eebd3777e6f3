import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { knownStoreRoots, registerStoreRoot, storeRegistryDir } from "./store-registry.js";
import { temporaryRoot } from "./test-root.js";

describe("the registry of state roots on this machine", () => {
  it("lists every registered root that still exists, once, and not the caller's own", () => {
    const home = temporaryRoot();
    const env = { HOME: home };
    expect(storeRegistryDir(env)).toBe(join(home, ".local", "state", "goalpost", "roots"));
    const claude = join(home, ".claude", "goalpost");
    const codex = join(home, ".codex", "goalpost");
    mkdirSync(claude, { recursive: true });
    mkdirSync(codex, { recursive: true });
    registerStoreRoot(claude, env);
    registerStoreRoot(claude, env);
    registerStoreRoot(codex, env);
    registerStoreRoot(join(home, "gone"), env);
    expect(knownStoreRoots(env).sort()).toEqual([claude, codex].sort());
    expect(knownStoreRoots(env, codex)).toEqual([claude]);
    expect(knownStoreRoots({ HOME: temporaryRoot() })).toEqual([]);
    expect(storeRegistryDir({ HOME: home, XDG_STATE_HOME: "/state" })).toBe("/state/goalpost/roots");
  });
});
