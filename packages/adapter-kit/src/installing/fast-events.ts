// The events whose installed commands may answer from the shell while no goal is open: the install
// spec's `fastEvents`, but never one the adapter translates into the main session's stop. A stop is
// decided from the session's own file, not from the open markers alone (a marker deleted by hand, or
// by an agent, would otherwise let every stop through) — so the kit holds that for every adapter,
// finding the stop among the adapter's own samples (its warm-up payloads) rather than trusting a list.
import type { HostAdapter } from "../contract/host-adapter.js";

/** The engine event a sample of the adapter's own becomes, or null (a payload its schema refuses, a fault). */
function sampleEvent(adapter: HostAdapter, sample: HostAdapter["warmUp"][number]) {
  const spec = Object.hasOwn(adapter.events, sample.event) ? adapter.events[sample.event] : undefined;
  const parsed = spec?.payload.safeParse(sample.payload);
  if (!spec || !parsed?.success) return null;
  try {
    return spec.toEvent(parsed.data, { sessionId: "fast-events", cwd: "/" }) ?? null;
  } catch {
    return null;
  }
}

/** Whether the sample's event is, for this adapter, the main session's stop. */
function isMainStop(adapter: HostAdapter, sample: HostAdapter["warmUp"][number]): boolean {
  const event = sampleEvent(adapter, sample);
  return event?.type === "stop-requested" && event.subagent !== true;
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

/** Per adapter, worked out once: the events that carry a tool's result, from its samples. */
const resultEvents = new WeakMap<HostAdapter, Set<string>>();

/** Whether `event` is, for this adapter, where a tool's result comes (its shellAfter sample's event). */
function carriesToolResults(adapter: HostAdapter, event: string): boolean {
  let events = resultEvents.get(adapter);
  if (!events) {
    events = new Set(
      adapter.warmUp.filter((sample) => sampleEvent(adapter, sample)?.type === "tool-ran").map((sample) => sample.event),
    );
    resultEvents.set(adapter, events);
  }
  return events.has(event);
}

/**
 * Words that wake a fast event with no goal open: the adapter's own (the host's goal tools), and where a
 * tool's result comes, the host's task tools — with no goal, the task in progress is the session's
 * focus (core's session-focus.ts), so such a result must reach the engine. Without an event: all of them.
 */
export function fastPathWakeWords(adapter: HostAdapter, event?: string): string[] {
  const tasks = event === undefined || carriesToolResults(adapter, event) ? (adapter.profile.tools.task ?? []) : [];
  return [...new Set([...(adapter.install.fastPathWake ?? []), ...tasks].filter((word) => /^\w+$/.test(word)))];
}
