// Projects of the shapes users point agents at, each with one real bug, for goalpost's verifier to be
// tried on with the real runner in the real sandbox (project-shapes.test.ts): what each one needs of its
// surroundings — a temporary folder, a cache under the home folder, a loopback server, `npx` of a tool
// the project has, a build before its tests, a virtual environment, Go's build cache, cargo — is what a
// check must get inside goalpost's walls — or what it must be read as: tape's TAP, a project's own test
// program whose make target builds it into the tree. The public projects these stand for, and how goalpost did on
// them, are in packages/verifier/docs/verifier.md.

export interface ProjectShape {
  /** Its folder under the shapes repository. */
  readonly name: string;
  /** What the shape is, for the test's name. */
  readonly what: string;
  readonly files: Readonly<Record<string, string>>;
  /** The check goalpost derives from the project (or the user's words name). */
  readonly check: string;
  /** The words the user sets the goal with. */
  readonly goal?: string;
  /** The bug the project starts with: `file` says `buggy` where the fix says `fixed`. */
  readonly file: string;
  readonly buggy: string;
  readonly fixed: string;
  /** The refusal of a close on the buggy tree, in the runner's words. */
  readonly refusal: RegExp;
  /** A program it needs that may not be installed (the test skips it then, saying so). */
  readonly needs?: string;
}

/** The npm packages the node shapes' runners come from, installed once at the shapes repository's top. */
export const RUNNERS = {
  vitest: "4.1.12",
  jest: "30.5.2",
  mocha: "11.8.0",
  ava: "6.4.1",
  uvu: "0.5.6",
  tape: "5.10.2",
  typescript: "5.9.3",
  "@types/node": "20.19.43",
} as const;

const pkg = (test: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ name: "shape", private: true, version: "1.0.0", scripts: { test }, ...extra }, null, 2)}\n`;

export const SHAPES: readonly ProjectShape[] = [
  {
    name: "vitest",
    what: "vitest, with a test that writes in the temporary folder",
    files: {
      "package.json": pkg("vitest run", { type: "module" }),
      "src/slug.js": "export const slug = (text) => text.trim().toLowerCase().replace(/\\s+/g, '-');\n",
      "test/slug.test.js": [
        'import { writeFileSync, readFileSync } from "node:fs";',
        'import { tmpdir } from "node:os";',
        'import { join } from "node:path";',
        'import { expect, test } from "vitest";',
        'import { slug } from "../src/slug.js";',
        'test("lowers and joins words", () => expect(slug(" Hello World ")).toBe("hello-world"));',
        'test("keeps a scratch file in the temporary folder", () => {',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the test file's own template literal
        "  const file = join(tmpdir(), `slug-${process.pid}.txt`);",
        "  writeFileSync(file, slug('A B'));",
        '  expect(readFileSync(file, "utf8")).toBe("a-b");',
        "});",
        "",
      ].join("\n"),
    },
    check: "npm test",
    file: "src/slug.js",
    buggy: "text.trim().toUpperCase()",
    fixed: "text.trim().toLowerCase()",
    refusal: /vitest reports 2 failed, 0 passed/,
  },
  {
    name: "jest",
    what: "jest, whose transform cache goes to the temporary folder",
    files: {
      "package.json": pkg("jest --ci"),
      "sum.js": "module.exports = (values) => values.reduce((total, value) => total + value, 0);\n",
      "sum.test.js":
        'const sum = require("./sum");\ntest("adds", () => expect(sum([1, 2, 3])).toBe(6));\ntest("is 0 for none", () => expect(sum([])).toBe(0));\n',
    },
    check: "npm test",
    file: "sum.js",
    buggy: "total + value, 1)",
    fixed: "total + value, 0)",
    refusal: /jest reports 2 failed, 0 passed/,
  },
  {
    name: "mocha",
    what: "mocha with a loopback server",
    files: {
      "package.json": pkg("mocha"),
      "server.js": [
        'const http = require("node:http");',
        "exports.start = () => new Promise((resolve) => {",
        '  const server = http.createServer((request, response) => response.end(request.url === "/health" ? "ok" : "missing"));',
        '  server.listen(0, "127.0.0.1", () => resolve(server));',
        "});",
        "",
      ].join("\n"),
      "test/server.test.js": [
        'const assert = require("node:assert");',
        'const { start } = require("../server");',
        'describe("the server", () => {',
        "  let server;",
        "  before(async () => { server = await start(); });",
        "  after(() => server.close());",
        '  it("answers /health on loopback", async () => {',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the test file's own template literal
        "    const response = await fetch(`http://127.0.0.1:${server.address().port}/health`);",
        '    assert.equal(await response.text(), "ok");',
        "  });",
        "});",
        "",
      ].join("\n"),
    },
    check: "npm test",
    file: "server.js",
    buggy: '"/healthz"',
    fixed: '"/health"',
    refusal: /mocha reports 1 failed, 0 passed/,
  },
  {
    name: "ava",
    what: "AVA, run through npx of the project's own copy",
    files: {
      "package.json": pkg("npx ava", { type: "module" }),
      "index.js": "export const initials = (name) => name.split(' ').map((word) => word[0]).join('');\n",
      "test.js":
        'import test from "ava";\nimport { initials } from "./index.js";\ntest("takes each word\'s first letter", (t) => t.is(initials("Ada Lovelace"), "AL"));\n',
    },
    check: "npm test",
    file: "index.js",
    buggy: "word[1]",
    fixed: "word[0]",
    refusal: /ava reports 1 failed/,
  },
  {
    name: "uvu",
    what: "uvu",
    files: {
      "package.json": pkg("uvu tests"),
      "clamp.js": "module.exports = (value, low, high) => Math.min(high, Math.max(low, value));\n",
      "tests/clamp.js":
        'const { test } = require("uvu");\nconst assert = require("uvu/assert");\nconst clamp = require("../clamp");\ntest("keeps a value in range", () => assert.is(clamp(12, 0, 10), 10));\ntest("keeps one above the floor", () => assert.is(clamp(-1, 0, 10), 0));\ntest.run();\n',
    },
    check: "npm test",
    file: "clamp.js",
    buggy: "Math.max(high, Math.min(low, value))",
    fixed: "Math.min(high, Math.max(low, value))",
    refusal: /uvu reports 1 failed, 1 passed/,
  },
  {
    name: "tape",
    what: "tape, whose TAP is told from node's test runner's",
    files: {
      "package.json": pkg("tape 'test/*.js'"),
      "words.js": "module.exports = (text) => text.split(/\\s+/).filter(Boolean).length;\n",
      "test/words.js":
        'const test = require("tape");\nconst words = require("../words");\ntest("counts words", (t) => {\n  t.equal(words("a b  c"), 3, "three words");\n  t.equal(words(" "), 0, "none in a space");\n  t.end();\n});\n',
    },
    check: "npm test",
    file: "words.js",
    buggy: ").length",
    fixed: ").filter(Boolean).length",
    refusal: /tape reports 1 failed, 1 passed \(failing: counts words > none in a space\)/,
  },
  {
    name: "make",
    what: "a Makefile that compiles its test program into the tree, which git does not ignore",
    files: {
      Makefile: "test: test/run\n\t./test/run\n\ntest/run: test/run.c clamp.h\n\t$(CC) -o test/run test/run.c\n",
      "clamp.h": "static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }\n",
      "test/run.c":
        '#include <stdio.h>\n#include "../clamp.h"\nint main(void) {\n  int failed = 0, passed = 0;\n  if (clamp(12, 0, 10) == 10) passed++; else { failed++; printf("FAILED: clamps from above\\n"); }\n  if (clamp(-1, 0, 10) == 0) passed++; else { failed++; printf("FAILED: clamps from below\\n"); }\n  printf("PASSED: %d\\nFAILED: %d\\n", passed, failed);\n  return failed > 0;\n}\n',
    },
    check: "make test",
    file: "clamp.h",
    buggy: "v > hi ? lo : v",
    fixed: "v > hi ? hi : v",
    refusal: /the test program reports 1 failed, 1 passed \(failing: clamps from above\)/,
    needs: "cc",
  },
  {
    name: "typescript-node-test",
    what: "TypeScript built before node's test runner",
    files: {
      "package.json": pkg("tsc -p . && node --test dist/"),
      "tsconfig.json": `${JSON.stringify({ compilerOptions: { outDir: "dist", module: "commonjs", target: "es2022", strict: true, types: ["node"] }, include: ["src"] })}\n`,
      ".gitignore": "dist/\n",
      "src/range.ts": "export const range = (n: number): number[] => Array.from({ length: n }, (_, index) => index);\n",
      "src/range.test.ts":
        'import test = require("node:test");\nimport assert = require("node:assert");\nimport { range } from "./range";\ntest("counts from zero", () => assert.deepStrictEqual(range(3), [0, 1, 2]));\n',
    },
    check: "npm test",
    file: "src/range.ts",
    buggy: "=> index + 1)",
    fixed: "=> index)",
    refusal: /node:test reports 1 failed, 0 passed/,
  },
  {
    name: "pytest",
    what: "Python, src layout, pytest in a virtual environment",
    files: {
      "pyproject.toml": '[project]\nname = "shape"\nversion = "1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      ".gitignore": ".venv/\n__pycache__/\n.pytest_cache/\n",
      "src/shape/__init__.py": "def mean(values):\n    return sum(values) / len(values)\n",
      "tests/test_mean.py":
        "from shape import mean\n\n\ndef test_mean():\n    assert mean([1, 2, 3]) == 2\n\n\ndef test_one():\n    assert mean([5]) == 5\n",
    },
    check: "pytest",
    file: "src/shape/__init__.py",
    buggy: "len(values) + 1",
    fixed: "len(values)",
    refusal: /pytest reports 2 failed, 0 passed \(failing: tests\/test_mean\.py::test_mean, tests\/test_mean\.py::test_one\)/,
    needs: "python3",
  },
  {
    name: "go",
    what: "a Go module, with the user's Go build cache linked in read-only",
    files: {
      "go.mod": "module example.com/shape\n\ngo 1.19\n",
      "reverse.go":
        "package shape\n\nfunc Reverse(s string) string {\n\tr := []rune(s)\n\tfor i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {\n\t\tr[i], r[j] = r[j], r[i]\n\t}\n\treturn string(r)\n}\n",
      "reverse_test.go":
        'package shape\n\nimport "testing"\n\nfunc TestReverse(t *testing.T) {\n\tif got := Reverse("abc"); got != "cba" {\n\t\tt.Fatalf("got %q", got)\n\t}\n}\n',
    },
    check: "go test ./...",
    file: "reverse.go",
    buggy: "return s\n",
    fixed: "return string(r)\n",
    refusal: /go test reports packages: 1 failed, 0 passed \(failing: example\.com\/shape TestReverse\)/,
    needs: "go",
  },
  {
    name: "cargo",
    what: "a Rust crate",
    files: {
      "Cargo.toml": '[package]\nname = "shape"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
      ".gitignore": "target/\n",
      "src/lib.rs":
        "pub fn double(x: i32) -> i32 {\n    x * 2\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn doubles() {\n        assert_eq!(super::double(4), 8);\n    }\n}\n",
    },
    check: "cargo test",
    file: "src/lib.rs",
    buggy: "x * 3",
    fixed: "x * 2",
    refusal: /cargo test reports 1 failed, 0 passed/,
    needs: "cargo",
  },
];
