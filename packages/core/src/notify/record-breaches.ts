// A breach is recorded to be told at the user's next prompt (store/record-notice.ts) and is word the user
// should have even away from the terminal: their notifier hears each one once, when it is recorded.

import type { Env } from "../base/env.js";
import { loadEngineConfig } from "../config/engine-config.js";
import { recordNotices } from "../store/record-notice.js";
import { breachNotice, notifyUser } from "./notify-user.js";

/** Records breaches (as recordNotices does) and runs the user's notifiers for each one recorded anew. Never throws. */
export function recordBreaches(root: string, messages: readonly string[], env: Env = process.env): boolean[] {
  const recorded = recordNotices(
    root,
    messages.map((message) => ({ kind: "breach", message })),
  );
  const heard = messages.filter((_, index) => recorded[index]);
  if (heard.length > 0) {
    try {
      const config = loadEngineConfig(root, env);
      if (config.notify || config.desktopNotifications)
        for (const message of heard) notifyUser(config, breachNotice(message), env, () => {}, root);
    } catch {
      // A notifier is a courtesy: the breach is recorded and told at the next prompt whatever happens here.
    }
  }
  return recorded;
}
