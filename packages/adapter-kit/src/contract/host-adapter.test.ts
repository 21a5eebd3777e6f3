import { describe, expect, it } from "vitest";
import { acmeAdapter } from "../../examples/example-host/src/acme-adapter.js";
import { ADAPTER_SPECIFICATION_VERSION, defineHostAdapter, type HostAdapter } from "./host-adapter.js";

describe("the adapter contract's version", () => {
  it("is what an adapter written against this kit says, and the adapter is taken", () => {
    expect(acmeAdapter.specificationVersion).toBe(ADAPTER_SPECIFICATION_VERSION);
    expect(defineHostAdapter({ ...acmeAdapter })).toMatchObject({ id: acmeAdapter.id });
  });

  it("refuses an adapter written against another version, or none, saying which", () => {
    const later = { ...acmeAdapter, specificationVersion: 3 } as unknown as HostAdapter;
    expect(() => defineHostAdapter(later)).toThrow(
      `adapter ${acmeAdapter.id} was written against version 3 of the kit's adapter contract; this kit speaks version 2`,
    );
    const { specificationVersion: _, ...unversioned } = acmeAdapter;
    expect(() => defineHostAdapter(unversioned as unknown as HostAdapter)).toThrow(/version undefined .* speaks version 2/);
  });
});
