// go test: without -v a line a package (`ok  example.com/m  0.01s`, `FAIL example.com/m 0.02s`, `?
// example.com/m [no test files]`); with -v a line a test (`--- PASS: TestAdd (0.00s)`, a subtest as
// `TestAdd/case`, indented), the package's line after its tests; with -json one JSON event a line. A test
// with subtests is counted by its subtests; a package that ran no test counts as nothing. Without -v go
// still names each failing test (`--- FAIL: TestAdd`) before its package's `FAIL` line: those are named
// as the package's failing tests.
import { nameList, oneTest, type RunnerReader, type TestUnit, unitList } from "./runner-reader.js";

type State = "passed" | "failed" | "skipped";
const STATES: Record<string, State> = {
  PASS: "passed",
  FAIL: "failed",
  SKIP: "skipped",
  pass: "passed",
  fail: "failed",
  skip: "skipped",
};

export function goTestReader(): RunnerReader {
  const packages = unitList();
  const tests = unitList();
  /** -v: the tests of the package whose line has not come yet. */
  let pending = new Map<string, State>();
  const take = (name: string, state: State, into: Map<string, State>) => into.set(name, state);
  const flush = (pkg: string, into: Map<string, State>) => {
    const names = [...into.keys()];
    for (const [name, state] of into) {
      // A subtest makes its parent a group, not a test of its own.
      if (names.some((other) => other.startsWith(`${name}/`))) continue;
      tests.add(oneTest(`${pkg} ${name}`, state));
    }
  };
  const json = new Map<string, Map<string, State>>();
  /** `=== RUN` lines come only with -v: without it, go names a test only when it fails. */
  let verbose = false;
  const failing = nameList();
  /** Without -v: the failing tests named; a test whose subtests failed is named by them. */
  const nameFailures = (pkg: string, into: Map<string, State>) => {
    const names = [...into.keys()];
    for (const [name, state] of into)
      if (state === "failed" && !names.some((other) => other.startsWith(`${name}/`) && into.get(other) === "failed"))
        failing.add(`${pkg} ${name}`);
  };
  return {
    line(text) {
      const body = text.trim();
      if (body.startsWith('{"') && body.includes('"Action"')) {
        try {
          const event = JSON.parse(body) as { Action?: string; Package?: string; Test?: string };
          const state = event.Action ? STATES[event.Action] : undefined;
          if (!state || !event.Package) return true;
          if (event.Test) {
            const into = json.get(event.Package) ?? new Map<string, State>();
            json.set(event.Package, into);
            take(event.Test, state, into);
          } else if (!json.has(event.Package) && state !== "skipped")
            packages.add({ ...oneTest(event.Package, state), counted: false });
        } catch {}
        return true;
      }
      if (body.startsWith("=== RUN ")) verbose = true;
      const test = /^--- (PASS|FAIL|SKIP): (\S+) \(/.exec(body);
      if (test) {
        take(test[2] ?? "", STATES[test[1] ?? ""] ?? "failed", pending);
        return true;
      }
      const pkg = /^(ok|FAIL)\s+(\S+)\s+(?:[\d.]+s|\(cached\)|\[(?:build|setup) failed\])(.*)$/.exec(body);
      if (pkg) {
        const name = pkg[2] ?? "";
        if (verbose && pending.size > 0) flush(name, pending);
        else if (pending.size > 0) nameFailures(name, pending);
        pending = new Map();
        if (/no tests to run/.test(pkg[3] ?? "")) return true;
        const failed = pkg[1] === "FAIL";
        packages.add({ name, passed: failed ? 0 : 1, failed: failed ? 1 : 0, skipped: 0, counted: false } satisfies TestUnit);
        return true;
      }
      return body.startsWith("=== RUN ");
    },
    result() {
      for (const [pkg, into] of json) flush(pkg, into);
      json.clear();
      if (tests.size > 0) {
        const failedPackages = packages
          .list()
          .filter((unit) => unit.failed > 0 && !tests.list().some((t) => t.name.startsWith(`${unit.name} `)));
        for (const unit of failedPackages) tests.add(unit);
        return { runner: "go test", granularity: "test", units: tests.list(), summary: null };
      }
      if (packages.size === 0) return null;
      return { runner: "go test", granularity: "package", units: packages.list(), summary: null, failing: failing.list() };
    },
  };
}
