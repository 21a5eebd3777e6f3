// The hosts goalpost knows: every `@goalpost/adapter-*` package this CLI depends on, each asked for
// its descriptor. A new adapter appears here by being added to package.json, never by editing this
// file; none of their hook code is loaded.
import { readFileSync } from "node:fs";
import type { AdapterDescriptor } from "@goalpost/adapter-kit";

const ADAPTER_PACKAGE = /^@goalpost\/adapter-(?!kit$)[a-z0-9-]+$/;

/** The adapter packages listed in this CLI's package.json. */
export function adapterPackages(): string[] {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {})
    .filter((name) => ADAPTER_PACKAGE.test(name))
    .sort();
}

export async function loadHosts(): Promise<AdapterDescriptor[]> {
  const hosts: AdapterDescriptor[] = [];
  for (const name of adapterPackages()) {
    const adapter = (await import(name)) as { descriptor?: AdapterDescriptor };
    if (adapter.descriptor) hosts.push(adapter.descriptor);
    else process.stderr.write(`goalpost: ${name} exports no descriptor; skipped.\n`);
  }
  return hosts;
}
