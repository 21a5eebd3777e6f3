#!/usr/bin/env node
// goalpost-acme: the example host's bin, one call into the kit.
import { runHostCli } from "../../../dist/index.js";
import { acmeAdapter } from "../example-host.mjs";

runHostCli(acmeAdapter, import.meta.url);
