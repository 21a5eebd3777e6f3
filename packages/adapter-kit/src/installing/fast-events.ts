// The events whose installed commands may answer from the shell while no goal is open: the install
// spec's `fastEvents`, but never one the adapter translates into the main session's stop. A stop is
// decided from the session's own file, not from the open markers alone (a marker deleted by hand, or
// by an agent, would otherwise let every stop through) — so the kit holds that for every adapter,
// finding the stop among the adapter's own samples (its warm-up payloads) rather than trusting a list.
import { isMainStop } from "@goalpost/core";
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

/** What the adapter's own samples say of its events: which is the main session's stop, which carries a tool's result. */
interface SampleKinds {
  readonly mainStops: ReadonlySet<string>;
  /** A sample of each main-session stop, in the host's own words. */
  readonly mainStopSamples: readonly HostAdapter["warmUp"][number][];
  readonly toolResults: ReadonlySet<string>;
}

/** Per adapter, worked out once: translating the samples builds every sample event's schema (~1 ms in a fresh process). */
const known = new WeakMap<HostAdapter, SampleKinds>();

function sampleKinds(adapter: HostAdapter): SampleKinds {
  let kinds = known.get(adapter);
  if (!kinds) {
    const mainStops = new Set<string>();
    const mainStopSamples: HostAdapter["warmUp"][number][] = [];
    const toolResults = new Set<string>();
    for (const sample of adapter.warmUp) {
      const event = sampleEvent(adapter, sample);
      if (isMainStop(event) && !mainStops.has(sample.event)) {
        mainStops.add(sample.event);
        mainStopSamples.push(sample);
      }
      if (event?.type === "tool-ran") toolResults.add(sample.event);
    }
    kinds = { mainStops, mainStopSamples, toolResults };
    known.set(adapter, kinds);
  }
  return kinds;
}

/** A sample of each event the adapter translates into the main session's stop (see without-node.ts). */
export const mainStopSamples = (adapter: HostAdapter) => sampleKinds(adapter).mainStopSamples;

export function fastEvents(adapter: HostAdapter): string[] {
  const { mainStops } = sampleKinds(adapter);
  return (adapter.install.fastEvents ?? []).filter((event) => !mainStops.has(event));
}

/**
 * Words that wake a fast event with no goal open: the adapter's own (the host's goal tools), and where a
 * tool's result comes, the host's task tools — with no goal, the task in progress is the session's
 * focus (core's session-focus.ts), so such a result must reach the engine. Without an event: all of them.
 */
export function fastPathWakeWords(adapter: HostAdapter, event?: string): string[] {
  const tasks = event === undefined || sampleKinds(adapter).toolResults.has(event) ? (adapter.profile.tools.task ?? []) : [];
  return [...new Set([...(adapter.install.fastPathWake ?? []), ...tasks].filter((word) => /^\w+$/.test(word)))];
}
