// Every spelling of goalpost's files, through every kind of tool: one judgement of paths (input-paths.ts)
// for the tools the host's profile knows and for those it does not (another MCP server's). Generated:
// each guarded place × each way a tool input can spell it × each tool that can carry that spelling —
// and the same spellings of a project file, which must stay allowed (so the guard cannot pass by
// refusing everything). Real folders: the symlinks are real links in a real project.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ENGINE_CONFIG } from "../config/engine-config.js";
import { createGoalStore } from "../store/goal-store.js";
import { createGoalTools } from "../tools/goal-tools.js";
import { createGoalEngine } from "./goal-engine.js";
import { TEST_PROFILE } from "./test-engine.js";

const base = mkdtempSync(join(tmpdir(), "goalpost-spellings-"));
const home = join(base, "home");
const root = join(home, ".claude", "goalpost");
const settings = join(home, ".claude", "settings.json");
const records = join(home, ".codex", "sessions");
const project = join(home, "work", "app");
const savedHome = process.env["HOME"];

/** The places the agent may never write, by what they are. */
const GUARDED: Record<string, string> = {
  "a session file": join(root, "by-session", "x.json"),
  "the user's configuration": join(root, "config.json"),
  "the kill switch": join(root, "disabled"),
  "the host's settings": settings,
  "the goal file": join(project, ".goalpost", "goal.md"),
  "a host record": join(records, "2026", "rollout-1.jsonl"),
};
const ALLOWED = join(project, "src", "reader.ts");

const percentEncoded = (path: string) =>
  path
    .split("/")
    .map((part) => [...part].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`).join(""))
    .join("/");
const fromHome = (path: string) => (path.startsWith(`${home}/`) ? path.slice(home.length + 1) : null);
const base64 = (text: string) => Buffer.from(text).toString("base64");

/** A link in the project to the target's folder: the project's own path, somewhere else on disk. */
let links = 0;
function linkTo(target: string): string {
  const link = join(project, `linked-${++links}`);
  symlinkSync(dirname(target), link);
  return join(link, basename(target));
}

/** How a path can be spelled in a string (null where the spelling does not apply to it). */
const SPELLINGS: Record<string, (path: string) => string | null> = {
  absolute: (path) => path,
  "from ~": (path) => (fromHome(path) === null ? null : `~/${fromHome(path)}`),
  "from $HOME": (path) => (fromHome(path) === null ? null : `$HOME/${fromHome(path)}`),
  "relative to the project": (path) => relative(project, path),
  "doubled and dotted slashes": (path) => path.replace(/\//g, "//").replace(/\/\/([^/]+)$/, "/./$1"),
  "a link in the project": (path) => linkTo(path),
};
/** How a string can sit in a tool's input, for a tool goalpost does not know. */
const CARRIERS: Record<string, (path: string) => unknown> = {
  "under path": (path) => ({ path, content: "{}" }),
  "under file_path": (path) => ({ file_path: path, content: "{}" }),
  "five keys deep": (path) => ({ a: { b: { c: { d: { target: path } } } } }),
  "in a list": (path) => ({ operations: [{ op: "delete", target: path }] }),
  "as a file:// URL": (path) => ({ uri: `file://${encodeURI(path)}` }),
  "as a percent-encoded file:// URL": (path) => ({ uri: `file://${percentEncoded(path)}` }),
  "as JSON in a string": (path) => ({ request: JSON.stringify({ path, content: "{}" }) }),
  "as base64 in a batch": (path) => ({ batch: [{ op: "write", payload: base64(JSON.stringify({ path })) }] }),
  "a folder in one key and a name in another": (path) => ({ dir: dirname(path), name: basename(path), content: "{}" }),
};

function engine() {
  const store = createGoalStore({ root });
  const goalEngine = createGoalEngine({
    store,
    // Drift is another rule: the calls here are judged by the tamper guard alone.
    config: { ...DEFAULT_ENGINE_CONFIG, driftWarnAt: 1e9, driftDenyAt: 1e9 },
    profile: TEST_PROFILE,
    protectedFiles: [settings],
    protectedDirs: [records],
  });
  const session = { sessionId: "s-spell", host: "test", cwd: project };
  goalEngine.handle({ type: "prompt-submitted", ...session, prompt: "/goal Stream large files" });
  createGoalTools(store).open(session, { objective: "Stream large files", remaining: ["rewrite reader"] });
  return (toolName: string, toolInput: unknown) =>
    goalEngine.handle({ type: "tool-about-to-run", ...session, toolName, toolInput });
}

let call: ReturnType<typeof engine>;
beforeAll(() => {
  process.env["HOME"] = home;
  for (const path of [...Object.values(GUARDED), ALLOWED]) mkdirSync(dirname(path), { recursive: true });
  writeFileSync(settings, JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: "goalpost-claude-code hook Stop" }] }] } }));
  call = engine();
});
afterAll(() => {
  if (savedHome === undefined) delete process.env["HOME"];
  else process.env["HOME"] = savedHome;
  rmSync(base, { recursive: true, force: true });
});

const cases = (spellings: readonly string[]) =>
  Object.entries(GUARDED).flatMap(([place, path]) => spellings.map((spelling) => [place, spelling, path] as const));

describe("a tool goalpost does not know", () => {
  const rows = cases(Object.keys(SPELLINGS)).flatMap(([place, spelling, path]) =>
    Object.keys(CARRIERS).map((carrier) => [place, spelling, carrier, path] as const),
  );
  it.each(rows)("is refused %s spelled %s, %s", (_place, spelling, carrier, path) => {
    const spelled = SPELLINGS[spelling]!(path);
    if (spelled === null) return;
    expect(call("mcp__files__write_file", CARRIERS[carrier]!(spelled)).action).toBe("deny-tool");
  });

  it.each(Object.keys(CARRIERS))("is let through with a project file %s", (carrier) => {
    for (const spelling of Object.values(SPELLINGS)) {
      const spelled = spelling(ALLOWED);
      if (spelled !== null) expect(call("mcp__files__write_file", CARRIERS[carrier]!(spelled))).toEqual({ action: "none" });
    }
  });
});

describe("the host's own edit tool", () => {
  it.each(cases(Object.keys(SPELLINGS)))("is refused %s spelled %s", (_place, spelling, path) => {
    const spelled = SPELLINGS[spelling]!(path);
    if (spelled !== null) expect(call("Write", { file_path: spelled, content: "{}" }).action).toBe("deny-tool");
  });

  it("is let through with a project file, however spelled", () => {
    for (const spelling of Object.values(SPELLINGS)) {
      const spelled = spelling(ALLOWED);
      if (spelled !== null) expect(call("Write", { file_path: spelled, content: "{}" })).toEqual({ action: "none" });
    }
  });
});

describe("a shell command that writes", () => {
  it.each(cases(Object.keys(SPELLINGS)))("is refused %s spelled %s", (_place, spelling, path) => {
    const spelled = SPELLINGS[spelling]!(path);
    if (spelled !== null) expect(call("Bash", { command: `echo '{}' > ${spelled}` }).action).toBe("deny-tool");
  });

  it("is let through with a project file, however spelled", () => {
    for (const spelling of Object.values(SPELLINGS)) {
      const spelled = spelling(ALLOWED);
      if (spelled !== null) expect(call("Bash", { command: `echo '{}' > ${spelled}` })).toEqual({ action: "none" });
    }
  });
});
