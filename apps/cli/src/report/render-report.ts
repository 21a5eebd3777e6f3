// One self-contained HTML page for one goal: header and counts, the timeline, and beside it the
// requirements with their coverage evidence, what the completion gate still wants, the work lists
// and the goal hierarchy. No script, no external asset; a Content-Security-Policy forbids loading
// anything, so the page works offline and cannot leak.
import type { GoalRecord } from "@goalpost/core";
import {
  budgetText,
  changesText,
  evaluateCompletionGate,
  GOAL_SOURCE_WORDS,
  isOpen,
  referenceNamesRequirement,
  type SessionFile,
  spendText,
  uncoveredRequirements,
} from "@goalpost/core/internal";
import { localTime, timeZoneName } from "../local-time.js";
import { html, type Markup, markupText, trustedMarkup } from "./html.js";
import { REPORT_CSS } from "./report-style.js";
import { groupTimeline, type TimelineEntry, type TimelineItem, timelineEntries, UNSEEN_RECEIPT } from "./timeline.js";

interface ReportInput {
  readonly goal: GoalRecord;
  readonly session: SessionFile | null;
  /** The host's display name. */
  readonly hostName: string;
  readonly generatedAt: Date;
  readonly version: string;
}

const STATUS_TONE: Record<string, string> = {
  complete: "good",
  active: "good",
  blocked: "bad",
  draft: "warn",
  paused: "warn",
  "needs-input": "warn",
  "budget-limited": "warn",
};

/** "2026-11-23 15:05:09" in the machine's time zone, said once in the footer; the ISO time stays in `datetime`. */
const when = localTime;
const time = (iso: string) => html`<time class="when" datetime="${iso}">${when(iso)}</time>`;

function entryMarkup(entry: TimelineEntry): Markup {
  return html`<li class="${entry.tone} ${entry.kind}" data-kind="${entry.kind}">${time(entry.at)}<span class="title">${entry.title}</span>${
    entry.detail ? html`<span class="detail${entry.kind === "receipt" ? " cmd" : ""}">${entry.detail}</span>` : ""
  }</li>`;
}

function itemMarkup(item: TimelineItem): Markup {
  if (item.kind !== "tools") return entryMarkup(item);
  const kinds = new Map<string, number>();
  for (const call of item.calls) {
    const kind = call.detail.split(":")[0]!;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const breakdown = [...kinds].map(([kind, count]) => `${count} ${kind}`).join(", ");
  return html`<li class="neutral tools" data-kind="tools">${time(item.from)}<details><summary><span class="title">${item.calls.length} tool call${item.calls.length === 1 ? "" : "s"}</span> (${breakdown})</summary><ol class="calls">${item.calls.map(
    (call) =>
      html`<li data-kind="tool">${time(call.at)}<code>${call.title}</code> <span class="kind">${call.detail.split(":")[0]}</span> ${call.detail.slice(call.detail.indexOf(":") + 2)}</li>`,
  )}</ol></details></li>`;
}

function requirementsMarkup(goal: GoalRecord): Markup {
  if (goal.requirements.length === 0) return html`<p>No explicit requirements.</p>`;
  return html`<ol>${goal.requirements.map((requirement, index) => {
    const coverage = goal.requirementCoverage.filter((entry) => referenceNamesRequirement(entry.requirement, requirement, index));
    // A requirement with a check of its own is covered by goalpost's passing run of it.
    const own = goal.checks.find((check) => check.requirement === index + 1);
    const ran = own && goal.verification?.results.find((result) => result.command === own.command);
    const byRun = own && goal.verification?.state === "passed" && ran?.passed === true;
    return html`<li data-requirement="${index + 1}">${requirement} ${
      byRun || coverage.length > 0 ? html`<span class="covered">covered</span>` : html`<span class="uncovered">no evidence</span>`
    }${own ? html`<span class="evidence">goalpost's run of <code>${own.command}</code>: ${ran ? ran.verdict : "not run yet"}</span>` : ""}${coverage.map((entry) => html`<span class="evidence">${entry.evidence}</span>`)}</li>`;
  })}</ol>`;
}

function listSection(title: string, items: readonly string[], empty: string): Markup {
  return html`<h2>${title}</h2>${items.length > 0 ? html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>` : html`<p>${empty}</p>`}`;
}

function hierarchyMarkup(goal: GoalRecord, session: SessionFile | null): Markup {
  const goals = session?.goals ?? [goal];
  const rootOf = (start: GoalRecord) => {
    let current = start;
    for (let depth = 0; depth < 20 && current.parentId; depth++) {
      const parent = goals.find((candidate) => candidate.id === current.parentId);
      if (!parent) break;
      current = parent;
    }
    return current;
  };
  // Each level says where it came from: the user's goal, a task of the host's list, the issue, its milestone.
  const node = (current: GoalRecord, depth: number): Markup => {
    const children = depth < 20 ? goals.filter((candidate) => candidate.parentId === current.id) : [];
    return html`<li class="${current.id === goal.id ? "current" : ""}" data-level="${current.level}">${current.objective.split("\n")[0]} <span class="badge ${STATUS_TONE[current.status] ?? ""}">${current.status}</span> <small>${current.level}, ${GOAL_SOURCE_WORDS[current.source]}</small>${
      children.length > 0 ? html`<ul>${children.map((child) => node(child, depth + 1))}</ul>` : ""
    }</li>`;
  };
  const issue = session?.issue;
  const from = issue?.source === "prompt" ? "named by the user" : "from the branch";
  const tree = node(rootOf(goal), 0);
  const issueNode = issue
    ? html`<li data-level="issue">#${issue.number}${issue.title ? ` ${issue.title}` : ""} <small>GitHub issue, ${from}</small><ul>${tree}</ul></li>`
    : tree;
  const top = issue?.milestone
    ? html`<li data-level="milestone">${issue.milestone} <small>milestone of #${issue.number}</small><ul>${issueNode}</ul></li>`
    : issueNode;
  return html`<div class="tree"><ul>${top}</ul></div>`;
}

/** A receipt the host's own record does not hold: something other than the host fed it to goalpost. */
const unseen = (entry: TimelineEntry) => entry.title.endsWith(UNSEEN_RECEIPT);

function counts(entries: readonly TimelineEntry[]) {
  const of = (predicate: (entry: TimelineEntry) => boolean) => entries.filter(predicate).length;
  return [
    { label: "updates", value: of((entry) => entry.kind === "updated"), tone: "" },
    { label: "tool calls", value: of((entry) => entry.kind === "tool"), tone: "" },
    { label: "drift warnings", value: of((entry) => entry.kind === "drift-warned"), tone: "warn" },
    { label: "denials", value: of((entry) => entry.kind === "drift-denied"), tone: "bad" },
    { label: "passing receipts", value: of((entry) => entry.kind === "receipt" && entry.tone === "good"), tone: "good" },
    {
      label: "failing receipts",
      value: of((entry) => entry.kind === "receipt" && entry.tone === "bad" && !unseen(entry)),
      tone: "bad",
    },
    { label: "receipts the host never saw", value: of((entry) => entry.kind === "receipt" && unseen(entry)), tone: "bad" },
    { label: "compactions", value: of((entry) => entry.kind === "compacted"), tone: "" },
    { label: "stops blocked", value: of((entry) => entry.kind === "stop-blocked"), tone: "warn" },
    { label: "closes refused", value: of((entry) => entry.kind === "refused"), tone: "bad" },
  ];
}

/** The user's checks, and goalpost's latest run of them: sandbox, tree, each check's verdict and output. */
function checksMarkup(goal: GoalRecord) {
  const run = goal.verification;
  const checks = goal.checks.length
    ? html`<ul>${goal.checks.map((check) => html`<li><code>${check.command}</code> <span class="meta">${check.kind}, ${check.source}</span></li>`)}</ul>`
    : html`<p>No check set: closing as complete waits for the user.</p>`;
  const start = goal.checkStart
    ? html`<p data-start="${goal.checkStart.state}">Starting point (${when(goal.checkStart.startedAt)}): ${goal.checkStart.summary}</p>`
    : "";
  if (!run) return html`${checks}${start}<p>Not run yet.</p>`;
  const tone = run.state === "passed" ? "covered" : run.state === "running" ? "" : "uncovered";
  const fixed = run.results.flatMap((result) => result.start?.fixed ?? []);
  return html`${checks}${start}<p data-run="${run.state}"><span class="${tone}">${run.state}</span> — ${run.verdict}</p>
${run.changed?.files.length ? html`<p data-changed>Changed since the goal was set: ${changesText(run.changed)}</p>` : ""}
<p class="meta">sandbox: ${run.sandbox || "—"} · tree <code>${(run.tree ?? "—").slice(0, 12)}</code> · ${when(run.startedAt)}</p>
${fixed.length > 0 ? html`<p data-fixed>Failing at the start, passing now: ${fixed.join(", ")}</p>` : ""}
${
  run.changed && run.changed.files.length > 0
    ? html`<details data-changed open><summary>Changed since the goal was set (${run.changed.files.length + run.changed.more} files)</summary><ul>${run.changed.files.map(
        (change) =>
          html`<li><code>${change.path}</code> <span class="meta">${change.added === null ? "binary" : `+${change.added} −${change.removed ?? 0}`}</span></li>`,
      )}</ul>${run.changed.more > 0 ? html`<p class="meta">and ${run.changed.more} more</p>` : ""}</details>`
    : ""
}
${run.results.map(
  (result) =>
    html`<details><summary><span class="${result.passed ? "covered" : "uncovered"}">${result.passed ? "passed" : "failed"}</span> <code>${result.command}</code>: ${result.verdict}</summary><pre>${result.output}</pre></details>`,
)}${goal.awaitingUser ? html`<p class="uncovered">Waiting for the user: ${goal.awaitingUser.summary}</p>` : ""}`;
}

/** What the goal cost, against its budget; why goalpost let the agent go, when it did. */
function spendMarkup(goal: GoalRecord) {
  const letGo = goal.status === "needs-input" || goal.status === "budget-limited" ? goal.history.at(-1)?.note : undefined;
  return html`<p data-spent>${spendText(goal.budget, goal.spent)}</p>
<p class="meta">${goal.budget ? html`budget: ${budgetText(goal.budget)}` : "no budget set"}</p>${letGo ? html`<p class="uncovered">${letGo}</p>` : ""}`;
}

export function renderReport({ goal, session, hostName, generatedAt, version }: ReportInput): string {
  const entries = timelineEntries(goal, session);
  const gate = evaluateCompletionGate(goal);
  const resolutions = goal.issueResolutions.map((entry) => `${entry.covers.join(", ")} — ${entry.status}: ${entry.resolution}`);
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="goalpost ${version}">
<title>goalpost — ${goal.objective.split("\n")[0]!.slice(0, 80)}</title>
<style>${trustedMarkup(REPORT_CSS)}</style>
</head>
<body>
<header>
<div class="meta"><span>goalpost report</span><span><code>${goal.id}</code></span></div>
<h1 id="objective">${goal.objective}</h1>
${goal.statement ? html`<p><em>Agent's statement:</em> ${goal.statement}</p>` : ""}
<div class="meta">
<span><span class="badge ${STATUS_TONE[goal.status] ?? ""}" id="status">${goal.status}</span></span>
<span>${hostName} · session <code>${goal.sessionId}</code></span>
<span>${goal.cwd}</span>
<span>created ${when(goal.createdAt)}</span>
${goal.closedAt ? html`<span>closed ${when(goal.closedAt)}${goal.closeReason ? html` (${goal.closeReason})` : ""}</span>` : html`<span>updated ${when(goal.updatedAt)}</span>`}
${goal.requirements.length > 0 ? html`<span id="coverage">${goal.requirements.length - uncoveredRequirements(goal).length} of ${goal.requirements.length} requirements covered</span>` : ""}
<span id="gate" class="${gate.ok ? "covered" : "uncovered"}">${gate.ok ? "completion gate satisfied" : `${gate.unmet.length} condition${gate.unmet.length === 1 ? "" : "s"} to meet before it can close`}</span>
</div>
<div class="cards">${counts(entries).map(
    (card) =>
      html`<div class="card ${card.value > 0 ? card.tone : ""}" data-count="${card.label}"><b>${card.value}</b><span>${card.label}</span></div>`,
  )}</div>
</header>
<main>
<section>
<h2>Timeline</h2>
<ol class="timeline" id="timeline">${groupTimeline(entries).map(itemMarkup)}</ol>
</section>
<aside>
<section><h2>Requirements</h2>${requirementsMarkup(goal)}</section>
<section id="checks"><h2>goalpost's run of the checks</h2>${checksMarkup(goal)}</section>
<section id="spend"><h2>Spent</h2>${spendMarkup(goal)}</section>
<section><h2>Completion gate</h2>${
    gate.ok
      ? html`<p class="covered">Satisfied${isOpen(goal) ? ": the goal may close as complete." : "."}</p>`
      : html`<ul>${gate.unmet.map((condition) => html`<li data-condition="${condition.code}">${condition.message}</li>`)}</ul>`
  }</section>
<section>${listSection("Done so far", goal.doneSoFar, "Nothing recorded.")}${listSection("Remaining", goal.remaining, "Nothing left.")}${listSection("Blockers", goal.blockers, "None.")}${listSection("Verification", [...goal.validationProof, ...goal.verificationResults], "None recorded.")}${listSection("Issues found", goal.discoveredIssues, "None.")}${listSection("Resolutions", resolutions, "None.")}</section>
<section><h2>Hierarchy</h2>${hierarchyMarkup(goal, session)}</section>
</aside>
</main>
<footer>Generated ${when(generatedAt.toISOString())} by goalpost ${version}, from what goalpost recorded: its own run of the user's checks, and the host's events. The agent's receipts are the host's reports of its tool results: progress, never proof. Times in ${timeZoneName()}.</footer>
</body>
</html>
`;
  return markupText(page);
}
