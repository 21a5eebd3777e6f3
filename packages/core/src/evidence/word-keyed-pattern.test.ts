import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  classifyCommand,
  INSPECTION_ALTERNATIVES,
  isMutatingCommand,
  MUTATING_ALTERNATIVES,
  verificationCategory,
} from "./classify-command.js";
import { parseShell } from "./shell-syntax.js";
import { wholePattern, wordKeyedPattern } from "./word-keyed-pattern.js";

// The two patterns as they were before they were split by word (classify-command.ts, 2026-11-24).
const INSPECTION_BEFORE =
  /^(?:cat|head|tail|less|more|ls|ll|tree|find|fd|rg|grep|egrep|ag|ack|wc|stat|file|du|pwd|which|type|diff|cmp|jq|yq|bat|awk(?!.*-i\s+inplace)|sed\s+-n|git\s+(?:diff|log|show|status|blame|grep|ls-files|branch|remote\s+-v|rev-parse)|nl|od|xxd|readlink|realpath|echo\s+\$|printenv|env$|true$)\b/;
const MUTATING_BEFORE =
  /^(?:sed\s+(?:-\w+\s+)*-i|perl\s+(?:-\w+\s+)*-[a-z]*i|mv|cp|rm|rmdir|mkdir|touch|tee|patch|ln|chmod|chown|truncate|dd|install|unlink|shred|rsync|git\s+(?:apply|checkout|switch|restore|reset|merge|rebase|am|cherry-pick|revert|stash\s+(?:pop|apply)|mv|rm|pull|clean)|(?:npm|pnpm|yarn|bun)\s+(?:install|i|add|remove|uninstall|update|up)\b|pip3?\s+install|cargo\s+(?:add|fix)|go\s+(?:get|mod\s+tidy)|npx\s+(?:-y\s+)?prettier\s+.*--write|eslint\s+.*--fix|biome\s+.*--write|python3?\s+-c|node\s+-e|sqlite3)\b/;

/** Every word of the patterns before (read from their source, not from the code under test), near misses, arguments. */
const WORDS = [
  ...new Set(`${INSPECTION_BEFORE.source}${MUTATING_BEFORE.source}`.match(/[a-z][a-z0-9-]*/g)),
  ...(
    "-i -n -e -c -y -v -ni -pi -pe -0 -rf inplace --write --fix --check install i add up update remove fix get mod tidy " +
    "stash pop apply remote ls-files rev-parse cherry-pick prettier x foo.txt $HOME $ cp.sh rm-rf mvn catalog gitx " +
    "sedx env2 true1 pip33 python2 nodejs . ./run.sh src 3 test"
  ).split(" "),
];

const commands = fc
  .tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }), fc.constantFrom(" ", "  ", "\t"))
  .map(([words, gap]) => words.join(gap));

describe("command patterns split by their first word", () => {
  it("find a changing command exactly as the whole pattern did", () => {
    fc.assert(
      fc.property(commands, (command) => {
        const [segment] = parseShell(command).segments;
        expect(isMutatingCommand(command), command).toBe(segment !== undefined && MUTATING_BEFORE.test(segment.text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("find a reading command exactly as the whole pattern did", () => {
    fc.assert(
      fc.property(commands, (command) => {
        const [segment] = parseShell(command).segments;
        if (segment === undefined || segment.words[0] === "cd") return;
        const expected = verificationCategory(segment)
          ? "verification"
          : INSPECTION_BEFORE.test(segment.text)
            ? "inspection"
            : "action";
        expect(classifyCommand(command).kind, command).toBe(expected);
      }),
      { numRuns: 20_000 },
    );
  });

  it("are the whole pattern, for any text", () => {
    for (const [alternatives, before] of [
      [MUTATING_ALTERNATIVES, MUTATING_BEFORE],
      [INSPECTION_ALTERNATIVES, INSPECTION_BEFORE],
    ] as const) {
      expect(wholePattern(alternatives, String.raw`\b`).source).toBe(before.source);
      const keyed = wordKeyedPattern(alternatives, String.raw`\b`);
      fc.assert(
        fc.property(fc.oneof(commands, fc.string()), (text) => {
          expect(keyed(text), text).toBe(before.test(text));
        }),
        { numRuns: 5_000 },
      );
    }
  });
});
