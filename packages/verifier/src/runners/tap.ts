// TAP, as node's test runner prints it when its output is not a terminal (Node 20's default there), as
// node-tap prints it, and as tape prints it. node's runner and node-tap: `# Subtest: name` opens a test,
// `ok N - name` / `not ok N - name` ends it, four spaces a level; a test with subtests is not itself
// counted, its subtests are; a file that ran no test of its own (node's test runner reports it by its
// path, as passing) counts as nothing. tape: a `# name` comment opens a test and each `ok N message`
// under it is an assertion, named "test > message"; its closing counts are `# tests 5`, `# pass  4`,
// `# fail  1` (two spaces), then `# ok` when all passed. Which of them printed the output is told by what
// only it prints (node's `# suites` and `# duration_ms`, node-tap's `TAP version 14`, tape's comments
// and `# ok`), never by the `TAP version` line alone. The YAML blocks between `---` and `...` are skipped.
import { looksLikeTestFile, nestedName, num, oneTest, type RunnerReader, type TestCounts, unitList } from "./runner-reader.js";

export function tapReader(): RunnerReader {
  let seen = false;
  let version = 13;
  const units = unitList();
  /** Open tests by indent: their name, and whether a subtest was seen inside. */
  const open = new Map<number, { name: string; parent: boolean }>();
  let yamlIndent: number | null = null;
  /** The test a result line just ended, added once its YAML block (if any) says it was no suite. */
  let pending: { name: string; state: "passed" | "failed" | "skipped"; suite: boolean } | null = null;
  const flush = () => {
    // node's test runner marks a describe() block `type: 'suite'`: one with no test in it ran nothing
    // (one that failed, its callback throwing, is a failure).
    if (pending && !(pending.suite && pending.state !== "failed")) units.add(oneTest(pending.name, pending.state));
    pending = null;
  };
  const summary: Record<string, number> = {};
  let emptyFiles = 0;
  /** Seen a `# Subtest:` (node's runner, node-tap), or tape's test comments and closing `# ok`. */
  let subtests = false;
  let tapeTest: string | null = null;
  let tapeOk = false;

  const markParent = (indent: number) => {
    const above = open.get(indent - 4);
    if (above) above.parent = true;
  };
  const pathTo = (indent: number, name: string) =>
    nestedName(new Map([...open].map(([at, frame]) => [at, frame.name])), indent, name);

  return {
    line(text) {
      const indent = text.length - text.trimStart().length;
      const body = text.trimStart();
      if (yamlIndent !== null) {
        if (indent === yamlIndent && body === "...") yamlIndent = null;
        else if (pending && body === "type: 'suite'") pending.suite = true;
        return true;
      }
      // At a line's end too: a check's own output that ended without a newline (a flood, a progress bar)
      // leaves the runner's first line glued to it.
      const version_ = /TAP version (\d+)$/.exec(body);
      if (version_) {
        seen = true;
        version = num(version_[1]);
        return true;
      }
      if (!seen) return false;
      if (body !== "---") flush();
      if (body === "---") {
        yamlIndent = indent;
        return true;
      }
      const subtest = /^# Subtest: (.*)$/.exec(body);
      if (subtest) {
        subtests = true;
        markParent(indent);
        for (const at of [...open.keys()]) if (at >= indent) open.delete(at);
        open.set(indent, { name: (subtest[1] ?? "").trim(), parent: false });
        return true;
      }
      // tape writes no dash: "ok 1 should be equal".
      const result = /^(not )?ok \d+(?: +(?:- )?(.*?))?(?: # (SKIP|TODO)\b.*)?$/i.exec(body);
      if (result) {
        markParent(indent);
        const name = (result[2] ?? "").trim() || open.get(indent)?.name || "(unnamed)";
        const frame = open.get(indent);
        for (const at of [...open.keys()]) if (at >= indent) open.delete(at);
        if (frame?.parent) return true;
        if (indent === 0 && tapeTest === null && !result[1] && !result[3] && looksLikeTestFile(name)) {
          emptyFiles += 1;
          return true;
        }
        const named = !subtests && tapeTest !== null && indent === 0 ? `${tapeTest} > ${name}` : pathTo(indent, name);
        pending = { name: named, state: result[3] ? "skipped" : result[1] ? "failed" : "passed", suite: false };
        return true;
      }
      if (indent !== 0 || !body.startsWith("#")) return false;
      // The closing counts: node's "# tests 3", "# suites 1", "# pass 2", "# fail 1", "# duration_ms 26.1";
      // tape's "# tests 5", "# pass  4", "# fail  1".
      const count = /^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) +(\d+(?:\.\d+)?)$/.exec(body);
      if (count) {
        summary[count[1] ?? ""] = num(count[2]);
        return true;
      }
      if (body === "# ok") tapeOk = true;
      // Any other comment before the counts is tape's name for the assertions that follow.
      else if (!subtests && !("tests" in summary)) tapeTest = body.slice(1).trim() || null;
      return true;
    },
    result() {
      flush();
      if (!seen) return null;
      const counted: TestCounts | null =
        "tests" in summary
          ? {
              // The summary counts a file that ran no test as a pass: taken out again.
              passed: Math.max(0, (summary["pass"] ?? 0) - emptyFiles),
              failed: (summary["fail"] ?? 0) + (summary["cancelled"] ?? 0),
              skipped: (summary["skipped"] ?? 0) + (summary["todo"] ?? 0),
            }
          : null;
      // node's runner writes TAP 13 with subtests; node-tap writes TAP 14; tape writes no subtests.
      const node = "suites" in summary || "duration_ms" in summary || (subtests && version < 14 && "tests" in summary);
      const tape = !node && !subtests && (tapeOk || (tapeTest !== null && "tests" in summary));
      return {
        runner: node ? "node:test" : version >= 14 ? "tap" : tape ? "tape" : "TAP",
        granularity: "test",
        units: units.list(),
        summary: counted,
      };
    },
  };
}
