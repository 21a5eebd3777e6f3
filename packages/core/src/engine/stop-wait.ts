// How long a stop waits for goalpost's run of the checks before it keeps the agent with "verifying".
// As long as the host waits for the stop hook (a host fact, on the profile), less the time to answer: a
// suite of a few minutes then decides the very stop, at no extra model turn. The user's setting is the
// floor, and a host that says nothing waits that long only.
import type { EngineConfig } from "../config/engine-config.js";
import type { HostProfile } from "../host/host-profile.js";

/** Seconds kept back from the host's limit to answer in: a stop answered late is a stop the host let through. */
const ANSWER_SECONDS = 20;

export function stopWaitSeconds(config: EngineConfig, profile: HostProfile): number {
  const host = profile.stopHookSeconds;
  return host === undefined ? config.verifyWaitSeconds : Math.max(config.verifyWaitSeconds, host - ANSWER_SECONDS);
}
