// The events whose installed commands may answer from the shell while no goal is open: the install
// spec's `fastEvents`, but never one the adapter translates into the main session's stop. A stop is
// decided from the session's own file, not from the open markers alone (a marker deleted by hand, or
// by an agent, would otherwise let every stop through) — so the kit holds that for every adapter,
// finding the stop among the adapter's own samples (its warm-up payloads) rather than trusting a list.
import type { HostAdapter } from "../contract/host-adapter.js";

/** Whether the sample's event is, for this adapter, the main session's stop. */
function isMainStop(adapter: HostAdapter, sample: HostAdapter["warmUp"][number]): boolean {
  const spec = Object.hasOwn(adapter.events, sample.event) ? adapter.events[sample.event] : undefined;
  const parsed = spec?.payload.safeParse(sample.payload);
  if (!spec || !parsed?.success) return false;
  try {
    const event = spec.toEvent(parsed.data, { sessionId: "fast-events", cwd: "/" });
    return event?.type === "stop-requested" && event.subagent !== true;
  } catch {
    return false;
  }
}

/** Per adapter, worked out once: finding the stop builds every sample event's schema (~1 ms in a fresh process). */
const known = new WeakMap<HostAdapter, string[]>();

export function fastEvents(adapter: HostAdapter): string[] {
  let fast = known.get(adapter);
  if (!fast) {
    const stops = new Set(adapter.warmUp.filter((sample) => isMainStop(adapter, sample)).map((sample) => sample.event));
    fast = (adapter.install.fastEvents ?? []).filter((event) => !stops.has(event));
    known.set(adapter, fast);
  }
  return [...fast];
}

/**
 * Words that wake a fast event with no goal open: the adapter's own (the host's goal tools), and the
 * host's task tools — with no goal, the task in progress is the session's focus (core's task-focus.ts),
 * so a call of one must reach the engine.
 */
export function fastPathWakeWords(adapter: HostAdapter): string[] {
  const words = [...(adapter.install.fastPathWake ?? []), ...(adapter.profile.tools.task ?? [])];
  return [...new Set(words.filter((word) => /^\w+$/.test(word)))];
}
