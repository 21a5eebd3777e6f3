// The entry the hook's start-up snapshot is built from (see the kit's hook-snapshot.ts).
import { startHookSnapshot } from "@goalpost/adapter-kit";
import { copilotCliAdapter } from "./copilot-cli-adapter.js";

startHookSnapshot(copilotCliAdapter, __filename);
