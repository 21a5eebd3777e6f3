// What each goal tool tells the model. These descriptions teach the protocol: inspect first, update
// after each meaningful step, keep `remaining` as the live queue, record discovered issues, and close
// only with evidence.

export const TOOL_DESCRIPTIONS = {
  goalpost_status:
    "Show the session's persisted goal: objective, status, remaining queue, blockers, open issues, and exactly what is still missing before it can close as complete. Call it first after a resume or compaction, and whenever you are unsure what to do next.",
  goalpost_open:
    "Open the session's goal after inspecting the code (or activate the draft the user's typed goal created). Give a precise objective, explicit requirements (each will need its own coverage evidence), and the first remaining steps. With level 'issue' it opens a sub-goal under the open goal, which becomes the goal you work on until it closes.",
  goalpost_update:
    "Record progress after each meaningful step. Lists such as doneSoFar, verificationResults and discoveredIssues only grow; remaining and blockers are replaced whole, so always send the live queue (send [] once everything is done). Settle discovered issues with issueResolutions that name each issue and carry evidence. Updating resets the drift guard.",
  goalpost_close:
    "Close the goal. status complete is accepted only with evidence: done so far, validation, verification results, inspection, coverage for every requirement, an audit, no remaining work or blockers, settled issues, and a passing test/build/typecheck/lint run after the last edit. If refused, the reply lists every missing item. Close as blocked with the exact blocker when you truly cannot continue.",
} as const;
