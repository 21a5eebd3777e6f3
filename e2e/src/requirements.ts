// What a user relies on, per host, as data. Every requirement needs at least one test that calls
// verifies("<id>"); requirements-coverage.test.ts fails when one has none.

interface Requirement {
  readonly id: string;
  readonly host: "claude-code" | "codex" | "copilot-cli" | "vscode-chat" | "any";
  readonly behaviour: string;
}

export const REQUIREMENTS = [
  {
    id: "CC-INSTALL",
    host: "claude-code",
    behaviour:
      "One command installs goalpost into a Claude Code home; a second run changes nothing; uninstall removes exactly what install added.",
  },
  {
    id: "CC-INSTALL-SAFE",
    host: "claude-code",
    behaviour:
      "Install keeps the user's own settings and hooks, keeps a backup, and leaves a corrupt settings file untouched with a clear message.",
  },
  {
    id: "CC-CAPTURE",
    host: "claude-code",
    behaviour:
      "`/goal <text>` typed to the real claude becomes a goalpost draft goal, and the model sees it in a <session_goal> block.",
  },
  {
    id: "CC-GOAL-AFTER-TEXT",
    host: "claude-code",
    behaviour:
      "`/goal …` after other text in a prompt to the real claude is never dropped: on a line of its own it becomes goalpost's goal (Claude Code's own /goal reads only a prompt's start); after other words on a line the user is asked and nothing changes.",
  },
  {
    id: "CC-COMPACT-RESTORE",
    host: "claude-code",
    behaviour:
      "After a manual `claude -p /compact --resume` and after an automatic compaction mid-turn, the goal is restored in full and is in the very next model request.",
  },
  {
    id: "CC-STOP-BLOCK",
    host: "claude-code",
    behaviour:
      "A stop while the goal is open is blocked and leads to another turn with goalpost's reason; repeated blocks end in a recorded stall, not a loop.",
  },
  {
    id: "CC-BACKGROUND-STOP",
    host: "claude-code",
    behaviour:
      "A stop while Claude Code still runs a background subagent for the agent (Stop background_tasks) goes through and is not counted toward the backstop.",
  },
  {
    id: "CC-STOP-FAULT",
    host: "claude-code",
    behaviour:
      "A session file damaged between turns does not end the goal: it is kept from what can be read, the next stop is still blocked, and the user is told in Claude Code's own message line.",
  },
  {
    id: "CC-WALLS",
    host: "claude-code",
    behaviour:
      "With goalpost installed, Claude Code itself refuses its file tools writes to goalpost's state root and Claude Code's transcripts — even with goalpost's own hooks switched off.",
  },
  {
    id: "CC-VERIFIER-WALL",
    host: "claude-code",
    behaviour:
      "With Claude Code's own sandbox on, code the agent leaves for goalpost's run of the checks cannot write the project's git config or hooks from inside that run, so nothing it wrote runs as the user afterwards (goalpost's own git included), and an honest fix still closes the goal.",
  },
  {
    id: "CC-OFF-TOLD",
    host: "claude-code",
    behaviour:
      "With a goal open, goalpost's hooks taken out of Claude Code's settings (or `disableAllHooks` set) since the user's last prompt: goalpost's status line, which still runs where the hooks do not, says goalpost is off, why and since when.",
  },
  {
    id: "CC-STRICT-GOAL-TOOLS",
    host: "claude-code",
    behaviour:
      "In strict mode the shell goal tools work though the agent's commands cannot reach goalpost's files: the hook runs `goalpost-claude-code open|update|close` outside the sandbox and answers with its text, and the goal closes on goalpost's run.",
  },
  {
    id: "CC-STRICT",
    host: "claude-code",
    behaviour:
      "In strict mode (`install --strict`) Claude Code's own sandbox runs the agent's commands: they cannot write goalpost's state or the settings that hold its hooks, nor reach a Unix socket (goalpost's hook server's), and the goal stays held.",
  },
  {
    id: "CC-BREACHES-TOLD",
    host: "claude-code",
    behaviour:
      "What a script the agent runs does to goalpost during a turn is caught or told: a `/goal clear` line it appends to the transcript pauses the goal and asks the user instead of cancelling it; a kill switch it throws is told at the user's next prompt and in doctor.",
  },
  {
    id: "CC-DRIFT-DENY",
    host: "claude-code",
    behaviour: "Tool calls without a goal update are warned, then the next one is denied with a reason the model sees.",
  },
  {
    id: "CC-SUBAGENT",
    host: "claude-code",
    behaviour: "A subagent's tool calls are not counted as drift, and the subagent gets a boundary notice instead of the goal.",
  },
  {
    id: "CC-CLOSE-GATE",
    host: "claude-code",
    behaviour:
      "goalpost_close through the real MCP server is refused without evidence; with it, goalpost runs the user's tests itself in its sandbox and the goal closes only when they pass; a hollowed test that passes waits for the user.",
  },
  {
    id: "CC-HOOK-SAFE",
    host: "claude-code",
    behaviour:
      "The installed hook commands, run as Claude Code runs them, answer malformed, unknown and hostile input with no decision and a message on stderr, never a failure.",
  },
  {
    id: "CC-REPLAY",
    host: "claude-code",
    behaviour: "A recorded hook sequence replayed through the installed command lines gives the decisions a real session got.",
  },
  {
    id: "CC-KILL-SWITCH",
    host: "claude-code",
    behaviour: "GOALPOST_DISABLED or the disabled file makes every installed hook a no-op.",
  },
  {
    id: "CC-FAST-START",
    host: "claude-code",
    behaviour:
      "Installed hooks are a short command a person can read (the hook script beside the bin); they go to the hook server while it is alive, and answer the same through Node when it was killed outright, after an upgrade, or without one.",
  },
  {
    id: "CC-INTEGRITY",
    host: "claude-code",
    behaviour:
      "The agent cannot forge a receipt (a hand-made PostToolUse piped into the hook entry is denied), make a run that verifies nothing count as passing (npm test || true), or switch goalpost off by writing its kill switch.",
  },
  {
    id: "CC-TASK-STACK",
    host: "claude-code",
    behaviour:
      "Claude Code's TaskCreate/TaskUpdate move the goal stack: the task in progress becomes a task goal under the user's goal and hands back to it when completed.",
  },
  {
    id: "CC-TASK-FOCUS",
    host: "claude-code",
    behaviour:
      "With no goal set, the task Claude Code's own TaskCreate/TaskUpdate put in progress is the session's focus: shown to the model, never enforced, gone when completed; the user hears once that /goal exists.",
  },
  {
    id: "CC-NOTIFY",
    host: "claude-code",
    behaviour:
      "When goalpost lets the real claude's agent go (three refused stops without progress), the user's notify command from goalpost's config runs with a JSON document saying so: event, host, session, goal, what to do.",
  },
  {
    id: "CC-GOAL-FILE",
    host: "claude-code",
    behaviour:
      "A session of the real claude in a project with .goalpost/goal.md and no goal of its own takes the file's goal at the user's first prompt and says so; the agent's Write to the file is refused.",
  },
  {
    id: "CC-WORKING-CONTEXT",
    host: "claude-code",
    behaviour:
      "With no goal set, a session compacted in the real claude gets its working context back in the next model request: the files its tools named (read from Claude Code's transcript, since no hook saw those calls) and its checklist from Claude Code's task tools.",
  },
  {
    id: "CC-CLI-FALLBACK",
    host: "claude-code",
    behaviour:
      "Without MCP, the agent can run the goal tools from Bash (goalpost-claude-code status|open|update|close), tied to its session, never counted as drift, and denied to subagents.",
  },
  {
    id: "CC-VERSIONS",
    host: "claude-code",
    behaviour:
      "The same install works with Claude Code 2.1.197, which a plain npm install resolves to on Node 20: capture, drift denial, stop block, compaction restore.",
  },
  {
    id: "CC-PLUGIN",
    host: "claude-code",
    behaviour:
      "The adapter loaded as a Claude Code plugin (--plugin-dir) captures the goal and serves the goal tools under the plugin's MCP names.",
  },
  {
    id: "CC-SECRETS",
    host: "claude-code",
    behaviour:
      'A secret typed into a /goal prompt — a key, or a password said in words ("the db password is …") — never reaches goalpost\'s files or the injected context, nor when a later tool call uses it bare or half of it.',
  },
  {
    id: "CODEX-INSTALL",
    host: "codex",
    behaviour:
      "One command installs goalpost into a Codex home: hooks.json, the trust entries config.toml needs (so hooks run with no bypass flag) and the MCP server, keeping the user's config.toml comments; uninstall restores it.",
  },
  {
    id: "CODEX-STRICT",
    host: "codex",
    behaviour:
      "`install --strict` sets Codex's workspace-write sandbox over the user's danger-full-access: a tool command can then neither write goalpost's files, Codex's settings or rollouts, nor reach goalpost's hook socket; `--no-strict` gives the user's own mode back.",
  },
  {
    id: "CODEX-SANDBOX-WALLS",
    host: "codex",
    behaviour:
      "In Codex's default workspace-write sandbox a tool command can neither write goalpost's files, Codex's settings or its rollouts, nor reach goalpost's hook socket; with the sandbox's network on it reaches the socket, and the hook server refuses what it asks, keeps the goal and tells the user at their next prompt. Running goalpost's own hook with a forged `/goal clear` changes nothing either.",
  },
  {
    id: "CODEX-VERIFIER-WALL",
    host: "codex",
    behaviour:
      "In Codex's workspace-write sandbox, code the agent leaves for goalpost's run of the checks cannot write the project's git config or hooks from inside that run, so nothing it wrote runs as the user afterwards (goalpost's own git included): verifying gives the agent's code no more than the agent's own commands had.",
  },
  {
    id: "VERIFIER-PROJECT-SHAPES",
    host: "any",
    behaviour:
      "On projects of the shapes users point agents at (vitest, jest, mocha with a loopback server, AVA through npx, uvu, TypeScript built before node's test runner, pytest in a virtual environment, a Go module, a Rust crate), with the real runner in goalpost's real sandbox: the check is derived, the starting point taken, a close on the bug refused in the runner's words, and the fix closed on goalpost's run.",
  },
  {
    id: "COPILOT-NOTES",
    host: "copilot-cli",
    behaviour:
      "What goalpost tells the user (a goal let go, a refused close, a breach, the hint that /goal exists), which no Copilot CLI hook answer can carry, is shown in the real terminal UI by goalpost's extension, from the session's outbox the hooks write.",
  },
  {
    id: "CODEX-TASK-FOCUS",
    host: "codex",
    behaviour:
      "With no goal set, the step the real Codex's update_plan puts in progress (where the user's config offers the tool) is the session's focus: shown to the model at the next prompt, never enforced, gone when completed.",
  },
  {
    id: "CODEX-GOAL-FILE",
    host: "codex",
    behaviour:
      "A session of the real Codex in a project with .goalpost/goal.md and no goal of its own takes the file's goal at the user's prompt; the agent's apply_patch of the file is refused.",
  },
  {
    id: "CODEX-TASK-STACK",
    host: "codex",
    behaviour:
      "The real Codex's update_plan moves the goal stack: the step in progress becomes a task goal under the user's goal, its list the goal's checklist, and the task closes when the plan marks it completed.",
  },
  {
    id: "CODEX-WORKING-CONTEXT",
    host: "codex",
    behaviour:
      "With no goal set, a session the real Codex compacts mid-turn gets its working context back in the next model request: the files its apply_patch and other calls named (read from Codex's rollout) and its update_plan checklist.",
  },
  {
    id: "CODEX-CAPTURE",
    host: "codex",
    behaviour: '`codex exec "/goal …"` and a `goal: …` prompt become a goalpost draft the model sees right after the prompt.',
  },
  {
    id: "CODEX-NATIVE-GOAL",
    host: "codex",
    behaviour:
      "A goal the model creates with Codex's create_goal is mirrored into goalpost; update_goal complete is refused while goalpost's goal is open.",
  },
  {
    id: "CODEX-GOAL-STORE",
    host: "codex",
    behaviour:
      "What the user does to Codex's own goal where no hook sees it (/goal, pause, resume, clear in the terminal UI) and Codex's budget and usage limits are read from its goal store: a goal set there is mirrored, pause and resume follow, clear cancels the mirror, and a limit lets the stop through with the goal kept open; read by node:sqlite on Node 22.13+ and by the sqlite3 program before that.",
  },
  {
    id: "CODEX-COMPACT-RESTORE",
    host: "codex",
    behaviour:
      "After auto-compaction mid-turn the full goal is in the very next model request; after `codex exec resume --last` it is back too.",
  },
  {
    id: "CODEX-STOP-BLOCK",
    host: "codex",
    behaviour:
      "A stop while the goal is open continues the turn with goalpost's reason; goalpost's own cap ends the loop (Codex has none).",
  },
  {
    id: "CODEX-DRIFT-DENY",
    host: "codex",
    behaviour:
      "Drift is warned, then the next tool is denied with a reason the model reads; a subagent's calls are never counted.",
  },
  {
    id: "CODEX-RECEIPTS",
    host: "codex",
    behaviour:
      "A receipt is judged by the exit code Codex recorded, not the output's words; writing Codex's rollouts or running goalpost's hook is refused.",
  },
  {
    id: "CODEX-TYPED-BY-USER",
    host: "codex",
    behaviour:
      "A goal command Codex's rollout shows the user typed is not echoed back; one a script sent through the prompt hook in their name is told at the next prompt.",
  },
  {
    id: "COPILOT-TYPED-BY-USER",
    host: "copilot-cli",
    behaviour:
      "A goal command Copilot CLI's event log shows the user typed is not echoed back; one a script sent through the prompt hook in their name is told at the next prompt.",
  },
  {
    id: "CODEX-MCP",
    host: "codex",
    behaviour: "goalpost's MCP tools work in Codex, each call tied to its session by the call id the PreToolUse hook saw.",
  },
  {
    id: "CODEX-VERIFIER",
    host: "codex",
    behaviour:
      "goalpost_close in Codex has goalpost run the user's tests itself, in its sandbox: a failing run keeps the goal open with the runner's words at the stop; a fix closes it.",
  },
  {
    id: "CODEX-OUTPUT-SCHEMAS",
    host: "codex",
    behaviour: "Every answer goalpost gives Codex validates against the JSON Schemas embedded in the Codex binary.",
  },
  {
    id: "ANY-CROSS-HOST",
    host: "any",
    behaviour:
      "A goal left open by one host's session is continued with `/goal continue` by another host's session in the same directory.",
  },
  {
    id: "COPILOT-INSTALL",
    host: "copilot-cli",
    behaviour:
      "One command installs goalpost into a Copilot CLI home: its hook file, the goal tools extension, the goal skill and the extensions flag; uninstall takes out exactly that.",
  },
  {
    id: "COPILOT-CAPTURE",
    host: "copilot-cli",
    behaviour: "`/goal …` (Copilot's autopilot) becomes goalpost's goal, and the goal block is in the context of every prompt.",
  },
  {
    id: "COPILOT-STOP",
    host: "copilot-cli",
    behaviour:
      "task_complete and stops are refused while the goal is open; a refused stop's reason returning as a prompt is the host's; goalpost's cap ends the loop.",
  },
  {
    id: "COPILOT-TOOLS",
    host: "copilot-cli",
    behaviour:
      "The extension's goal tools work for the main agent, refuse a subagent, and goalpost_close refuses without evidence.",
  },
  {
    id: "COPILOT-VERIFIER",
    host: "copilot-cli",
    behaviour:
      "goalpost_close through the extension leaves the run to the next hook: the stop starts goalpost's own sandboxed run of the user's tests and the goal closes when they pass.",
  },
  {
    id: "COPILOT-RECEIPTS",
    host: "copilot-cli",
    behaviour:
      "A receipt is judged by the exit code Copilot appends to the shell result; drift is denied; running goalpost's hook is refused.",
  },
  {
    id: "COPILOT-COMPACT-RESTORE",
    host: "copilot-cli",
    behaviour: "After `/compact` and `--resume`, the full goal is in the next model request.",
  },
  {
    id: "VSCODE-INSTALL",
    host: "vscode-chat",
    behaviour:
      "One command installs the hook file, the Goalpost agent, the MCP server in mcp.json and chat.useHooks, keeping the user's JSONC comments; a second run changes nothing; uninstall gives every file back.",
  },
  {
    id: "VSCODE-SPELLINGS",
    host: "vscode-chat",
    behaviour:
      "Payloads in both known spellings (session_id/hook_event_name and sessionId/hookEventName) work the same; with no cwd nothing is keyed by a guessed directory; a Copilot CLI payload through the shared hook folder is left alone.",
  },
  {
    id: "VSCODE-CAPTURE",
    host: "vscode-chat",
    behaviour:
      "`/goal <text>` becomes a goal in the model's context with the sessionId and cwd its tools take, and goalpost_open works before any /goal.",
  },
  {
    id: "VSCODE-SUBAGENT",
    host: "vscode-chat",
    behaviour: "Tool calls between SubagentStart and SubagentStop (same session id, no agent id) are not counted as drift.",
  },
  {
    id: "VSCODE-DRIFT-DENY",
    host: "vscode-chat",
    behaviour: "Tool calls without a goal update are warned, then denied with permissionDecision deny.",
  },
  {
    id: "VSCODE-COMPACT-RESTORE",
    host: "vscode-chat",
    behaviour: "After PreCompact (no SessionStart follows), the goal comes back in full on the next prompt.",
  },
  {
    id: "VSCODE-TASKS",
    host: "vscode-chat",
    behaviour:
      "VS Code's manage_todo_list, replayed through the installed hooks: the item in progress is a task goal under the user's goal, closed when completed, its list the goal's checklist; with no goal the list is the session's, given back with the task at the first prompt after a compaction.",
  },
  {
    id: "VSCODE-STOP-BLOCK",
    host: "vscode-chat",
    behaviour:
      "A stop while the goal is open is blocked in the only form VS Code reads (hookSpecificOutput.decision block); after the close it goes through.",
  },
  {
    id: "VSCODE-CLOSE-GATE",
    host: "vscode-chat",
    behaviour:
      "goalpost_close through the real MCP server, with the session as arguments, is refused without evidence; with it, goalpost runs the user's tests itself and the stop waits for its passing verdict.",
  },
  {
    id: "ANY-BACKSTOP",
    host: "any",
    behaviour:
      "On every host, a model that updates its goal every turn without changing anything is let go after the stop limit: the goal needs the user's input, the user is told what it is stuck on, and their next prompt takes it up.",
  },
  {
    id: "ANY-BUDGET",
    host: "any",
    behaviour:
      "On every host, a goal's budget (turns, working time, tokens from the host's own record where it keeps one) winds the agent down near its end and ends as budget-limited at it, the spend told to the user; raising it takes the goal up.",
  },
  {
    id: "COPILOT-PLAN",
    host: "copilot-cli",
    behaviour:
      "Copilot CLI's plan — the todos table the model writes through its sql tool — moves the session's focus with no goal, and the goal's task goals with one.",
  },
  {
    id: "COPILOT-GOAL-FILE",
    host: "copilot-cli",
    behaviour:
      "A session of the real Copilot CLI in a project with .goalpost/goal.md and no goal of its own takes the file's goal at the user's prompt; the agent's edit of the file is refused.",
  },
  {
    id: "COPILOT-SUBAGENT",
    host: "copilot-cli",
    behaviour:
      "A subagent the real Copilot CLI runs (its task tool) gets goalpost's boundary notice, not the goal, and its tool calls are never counted as drift.",
  },
  {
    id: "COPILOT-WORKING-CONTEXT",
    host: "copilot-cli",
    behaviour:
      "With no goal set, the real Copilot CLI's session gets its work back at the first prompt after /compact: the files its calls named, from Copilot's event log (its hooks see no ordinary tool call with no goal open), the checklist from its todos and the task in progress.",
  },
  {
    id: "ANY-ISSUE-CONTEXT",
    host: "any",
    behaviour:
      "On every host, the GitHub issue the branch names is what the session works on: shown with no goal (never enforced), in the goal's block with one, with its title and milestone from the GitHub CLI run off the hook's path; without gh, the number alone, and nothing fails.",
  },
  {
    id: "ANY-GOAL-HINT",
    host: "any",
    behaviour:
      "On every host with a channel for a note to the user, a session with no goal, task or issue tells the user once, at its first prompt, that /goal exists.",
  },
  {
    id: "ANY-TASK-FOCUS",
    host: "any",
    behaviour:
      "On every host whose hooks see its task tool (Claude Code, Codex, VS Code; Copilot CLI's plan reaches goalpost through its extension), with no goal the task put in progress is the session's focus: shown to the model, never enforced.",
  },
  {
    id: "ANY-LANGUAGES",
    host: "any",
    behaviour: "On every host, `Ziel:`, `目标：`, `but :` and the other languages' markers set a goal as `goal:` does.",
  },
  {
    id: "CC-NEAR-MISS-SET-ASIDE",
    host: "claude-code",
    behaviour:
      'In the real Claude Code terminal UI, `goal: acept` changes nothing and asks "did you mean `goal: accept`?"; a second goal says what it set aside and the first comes back with `goal: resume <its words>`.',
  },
  {
    id: "CC-STOP-SPINNER",
    host: "claude-code",
    behaviour:
      "In the real Claude Code terminal UI, while a stop waits for goalpost's own run of a slow check, the spinner says `goalpost: checking the goal`; the close then shows in the status line.",
  },
  {
    id: "ANY-STATUS-LINE",
    host: "any",
    behaviour:
      "Where the host has a status line (Claude Code, Copilot CLI), the open goal shows in it as one line after the user's own status line, which keeps working; nothing of goalpost's shows without a goal, and uninstall puts the user's status line back exactly.",
  },
] as const satisfies readonly Requirement[];

type RequirementId = (typeof REQUIREMENTS)[number]["id"];

/** Marks the test as evidence for a requirement (read by the coverage test from the source). */
export function verifies(..._ids: RequirementId[]): void {}
