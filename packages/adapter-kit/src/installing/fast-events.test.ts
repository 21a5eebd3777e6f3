// A main session's stop never takes the no-goal shortcut, whatever an adapter lists as fast: the kit
// finds the stop among the adapter's own samples.
import { describe, expect, it } from "vitest";
import { acmeAdapter } from "../../examples/example-host/src/acme-adapter.js";
import { fastEvents } from "./fast-events.js";

describe("fastEvents", () => {
  it("keeps the adapter's fast events, and never its main stop, even where the adapter lists it", () => {
    expect(fastEvents(acmeAdapter)).toEqual(["before_tool", "after_tool"]);
    const listed = { ...acmeAdapter, install: { ...acmeAdapter.install, fastEvents: ["before_tool", "stop", "after_tool"] } };
    expect(fastEvents(listed)).toEqual(["before_tool", "after_tool"]);
  });
});
