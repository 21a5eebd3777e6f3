export { acmeAdapter } from "./acme-adapter.js";
