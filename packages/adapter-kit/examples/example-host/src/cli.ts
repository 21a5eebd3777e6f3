#!/usr/bin/env node
// goalpost-acme: `hook` goes to the hook loader beside the bin; every other command loads the adapter.
import { runBin } from "@goalpost/adapter-kit/bin";

runBin(import.meta.url, async () => (await import("./acme-adapter.js")).acmeAdapter);
