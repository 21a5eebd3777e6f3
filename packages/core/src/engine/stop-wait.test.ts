import { describe, expect, it } from "vitest";
import { DEFAULT_ENGINE_CONFIG, engineConfigSchema } from "../config/engine-config.js";
import { defineHostProfile, GENERIC_HOST_PROFILE } from "../host/host-profile.js";
import { stopWaitSeconds } from "./stop-wait.js";

describe("how long a stop waits for goalpost's run", () => {
  it("waits as long as the host waits for the stop hook, less the time to answer", () => {
    const host = defineHostProfile({ ...GENERIC_HOST_PROFILE, stopHookSeconds: 300 });
    expect(stopWaitSeconds(DEFAULT_ENGINE_CONFIG, host)).toBe(280);
  });

  it("never less than the user's setting, and only that where the host says nothing (a harness)", () => {
    const config = engineConfigSchema.parse({ verifyWaitSeconds: 8 });
    expect(stopWaitSeconds(config, GENERIC_HOST_PROFILE)).toBe(8);
    expect(stopWaitSeconds(config, defineHostProfile({ ...GENERIC_HOST_PROFILE, stopHookSeconds: 15 }))).toBe(8);
  });

  it("takes no host limit that is not a positive whole number of seconds", () => {
    expect(() => defineHostProfile({ ...GENERIC_HOST_PROFILE, stopHookSeconds: 0 })).toThrow();
    expect(() => defineHostProfile({ ...GENERIC_HOST_PROFILE, stopHookSeconds: 2.5 })).toThrow();
  });
});
