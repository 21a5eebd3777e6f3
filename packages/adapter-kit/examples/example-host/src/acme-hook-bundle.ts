// The hook bundle's entry: the hook path only, run by the hook loader and the hook server.
import { hookBundleMain } from "@goalpost/adapter-kit";
import { acmeAdapter } from "./acme-adapter.js";

hookBundleMain(acmeAdapter, __filename);
