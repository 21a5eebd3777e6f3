// The canary in goalpost's run of a check: every Node process of the run loads it first (NODE_OPTIONS
// `--require`, a file read-only in the walls), and when the process ends, if it used Node's `assert`,
// tries each assertion with what must fail (`strictEqual(1, 2)` must throw an assertion error). A source file that patches `node:assert` when a test
// loads it — so that every test passes — leaves a line on stderr that voids the run: "the test machinery
// itself was changed". It reads and changes nothing else: a process that leaves assert alone runs as in
// the user's shell. Code that runs as the check can defeat it (it can read this file, undo its patch
// before exiting, or silence stderr); it catches the patch that persists, and the rest is told (core's
// README: what does not hold yet).

/** Where the canary is in the walls: a tmpfs of the walls' own, so a check cannot change or remove it. */
export const CANARY_PATH = "/run/assert-canary.cjs";

/** The start of the line the canary writes when assert was changed. */
const MARK = "goalpost-canary: the test machinery was changed:";

/**
 * The canary, as a CommonJS file. Loading `assert` in every process would cost each ~10 ms, so the canary
 * only waits for the process's end, and only if something loaded `assert` by then does it try the
 * assertions as they are now — each given what must fail — and say which passed. `require("assert")`
 * without `node:` loads on any Node.
 */
export const CANARY_SOURCE = `'use strict';
// goalpost's canary for its run of your checks (see @goalpost/core's docs/verifier.md).
process.once('exit', () => {
  const loaded = process.moduleLoadList;
  if (loaded && !loaded.includes('NativeModule assert')) return;
  const assert = require('assert');
  const changed = [];
  const fails = (label, call) => {
    try {
      call();
      changed.push(label + ' passed');
    } catch (error) {
      if (!error || error.code !== 'ERR_ASSERTION') changed.push(label + ' threw ' + (error && error.name));
    }
  };
  for (const [name, holder] of [['assert', assert], ['assert.strict', assert.strict]]) {
    if (!holder) continue;
    fails(name + '(false)', () => holder(false));
    fails(name + '.ok(false)', () => holder.ok(false));
    fails(name + '.equal(1, 2)', () => holder.equal(1, 2));
    fails(name + '.strictEqual(1, 2)', () => holder.strictEqual(1, 2));
    fails(name + '.deepEqual({ a: 1 }, { a: 2 })', () => holder.deepEqual({ a: 1 }, { a: 2 }));
    fails(name + '.deepStrictEqual({ a: 1 }, { a: 2 })', () => holder.deepStrictEqual({ a: 1 }, { a: 2 }));
    fails(name + '.notStrictEqual(1, 1)', () => holder.notStrictEqual(1, 1));
    fails(name + '.throws(() => {})', () => holder.throws(() => {}));
    fails(name + '.match("a", /b/)', () => holder.match('a', /b/));
  }
  if (changed.length === 0) return;
  try {
    process.stderr.write('\\n${MARK} ' + changed.join(', ') + ' (process ' + process.pid + ': ' + process.argv.slice(1, 3).join(' ') + ')\\n');
  } catch {}
});
`;

/** NODE_OPTIONS with the canary first loaded, after any the user set for the checks. */
export function withCanary(nodeOptions: string | undefined, path: string = CANARY_PATH): string {
  return `${nodeOptions ? `${nodeOptions} ` : ""}--require=${path}`;
}

/** What the canary said in `output`, or null: "assert.strictEqual(1, 2) passed, … (process …)". */
export function canaryFinding(output: string): string | null {
  const at = output.indexOf(MARK);
  if (at < 0) return null;
  const line =
    output
      .slice(at + MARK.length)
      .split("\n")[0]
      ?.trim() ?? "";
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
