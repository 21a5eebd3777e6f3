// One handler per engine event type. The mapped type makes a missing or extra handler a compile
// error; a test checks the table against the event schema at run time too.
import type { EngineContext } from "../engine-context.js";
import type { EngineDecision, EngineEventOf, EngineEventType } from "../engine-event.js";
import { onCompactionAboutToRun } from "./compaction-about-to-run.js";
import { onNativeGoalChanged } from "./native-goal-changed.js";
import { onPromptSubmitted } from "./prompt-submitted.js";
import { onSessionEnded } from "./session-ended.js";
import { onSessionStarted } from "./session-started.js";
import { onStopRequested } from "./stop-requested.js";
import { onSubagentStarted } from "./subagent-started.js";
import { onSubagentStopped } from "./subagent-stopped.js";
import { onTasksUpdated } from "./tasks-updated.js";
import { onToolAboutToRun } from "./tool-about-to-run.js";
import { onToolRan } from "./tool-ran.js";

export type EventHandler<T extends EngineEventType> = (context: EngineContext, event: EngineEventOf<T>) => EngineDecision;

export const EVENT_HANDLERS: { readonly [T in EngineEventType]: EventHandler<T> } = {
  "session-started": onSessionStarted,
  "prompt-submitted": onPromptSubmitted,
  "tool-about-to-run": onToolAboutToRun,
  "tool-ran": onToolRan,
  "tasks-updated": onTasksUpdated,
  "compaction-about-to-run": onCompactionAboutToRun,
  "stop-requested": onStopRequested,
  "subagent-started": onSubagentStarted,
  "subagent-stopped": onSubagentStopped,
  "session-ended": onSessionEnded,
  "native-goal-changed": onNativeGoalChanged,
};
