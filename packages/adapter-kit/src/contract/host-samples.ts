// One payload of each kind goalpost meets, in a host's own shape: an adapter's `<host>-samples.ts`
// implements this once, and its warm-up, doctor's probe, its bench, the `goalpost` demo and tests take
// their payloads from there, so a host's payload shapes live in one place.
import type { SamplePayload } from "./host-adapter.js";

/** The session the samples are for: its id, its project folder, the host's transcript or rollout file. */
export interface SampleSession {
  readonly sessionId: string;
  readonly cwd: string;
  readonly transcriptPath: string | null;
}

/** A finished shell command, as the host reports it. */
export interface ShellRun {
  readonly exitCode: number;
  readonly output: string;
}

export interface HostSamples {
  sessionStart(source: "startup" | "compact"): SamplePayload;
  prompt(text: string): SamplePayload;
  shellBefore(callId: string, command: string): SamplePayload;
  /** The host's report of a finished shell call (Claude Code reports a failure as its own event). */
  shellAfter(callId: string, command: string, run: ShellRun): SamplePayload;
  /** The hook before one of goalpost's goal tools. */
  goalToolBefore(callId: string, tool: string, input: Record<string, unknown>): SamplePayload;
  preCompact(): SamplePayload;
  stop(): SamplePayload;
  /** The session's end, or null for a host that has no such event (VS Code). */
  sessionEnd(): SamplePayload | null;
}

/**
 * What `warmUpAndProbe` needs: a session's start, a prompt and a stop; the shell calls warm their paths
 * too, and the probe is the session's end or a compaction where there is one, else a session's start.
 */
export type MinimalSamples = Pick<HostSamples, "sessionStart" | "prompt" | "stop"> & Partial<HostSamples>;

/** A session for samples that reach no real project: warm-up runs and doctor's probe. */
export const SAMPLE_SESSION: SampleSession = { sessionId: "goalpost-sample", cwd: "/goalpost-sample", transcriptPath: null };

/**
 * An adapter's warm-up and doctor's probe from its samples: the prompt, tool and stop paths a session
 * takes most, run once before the hook server listens and into the loader's code cache; the probe a
 * harmless one (the session's end, or a compaction where the host has no end).
 */
export function warmUpAndProbe(samples: MinimalSamples): { warmUp: SamplePayload[]; probe: SamplePayload } {
  const ran = { exitCode: 0, output: "ok" };
  return {
    warmUp: [
      samples.sessionStart("startup"),
      samples.prompt("/goal warm up the hook paths"),
      ...(samples.shellBefore ? [samples.shellBefore("sample", "npm test")] : []),
      ...(samples.shellAfter ? [samples.shellAfter("sample", "npm test", ran)] : []),
      samples.stop(),
    ],
    probe: samples.sessionEnd?.() ?? samples.preCompact?.() ?? samples.sessionStart("startup"),
  };
}
