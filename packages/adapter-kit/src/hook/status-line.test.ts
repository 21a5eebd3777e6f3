// Which session a host's status JSON names: the one string field the adapter says, else none (and so
// no segment), whatever else the host sends.
import { describe, expect, it } from "vitest";
import { statusLineSession } from "./status-line.js";

describe("statusLineSession", () => {
  const { sessionOf } = statusLineSession("session_id");

  it("reads the session from the named field, keeping the host's other fields out of it", () => {
    expect(sessionOf({ session_id: "4f2c", cwd: "/p", model: { id: "m" } })).toBe("4f2c");
  });

  it("names none when the field is missing, not a string, or the JSON is not an object", () => {
    for (const payload of [{}, { session: "4f2c" }, { session_id: 7 }, { session_id: null }, "4f2c", null, [1]])
      expect(sessionOf(payload)).toBeNull();
  });
});
