// The project's own definition of its tests, read from its GitHub Actions workflows as they are written:
// the test step's command (a block of several commands, a step in another folder skipped, a coverage
// upload and a matrix value not taken) and the time zone and locale it runs with.

import { chmodSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ciTests } from "./ci-workflows.js";
import { deriveChecks } from "./derive-checks.js";
import { temporaryDir, writeFiles } from "./test-projects.js";

const WORKFLOW = `name: CI
on: [push]
env:
  TZ: UTC
jobs:
  test:
    runs-on: ubuntu-latest
    env:
      LANG: en_US.UTF-8
    strategy:
      matrix:
        node: [18, 20]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.node }}
      - run: npm ci
      - name: lint
        run: npm run lint
      - name: docs
        working-directory: docs
        run: npm test
      - name: Test
        run: |
          npm run build
          npm run test:ci -- --maxWorkers=2
      - run: npx codecov
`;

describe("the project's CI test run", () => {
  it("is its test step's command, with the time zone and locale the workflow sets", () => {
    const cwd = temporaryDir();
    writeFiles(cwd, { ".github/workflows/ci.yml": WORKFLOW, "package.json": "{}" });
    expect(ciTests(cwd)).toEqual({
      file: ".github/workflows/ci.yml",
      command: "npm run test:ci -- --maxWorkers=2",
      env: { TZ: "UTC", LANG: "en_US.UTF-8" },
    });
  });

  it("takes no step that needs what only CI has, and gives the settings alone when no step is the project's", () => {
    const cwd = temporaryDir();
    writeFiles(cwd, {
      ".github/workflows/test.yml":
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow's own expression
        "jobs:\n  t:\n    env:\n      TZ: America/New_York\n    steps:\n      - run: npm test -- --shard=${{ matrix.shard }}\n      - run: docker compose run tests pytest\n",
    });
    expect(ciTests(cwd)).toEqual({ file: ".github/workflows/test.yml", command: null, env: { TZ: "America/New_York" } });
  });

  it("is read from the workflow that holds the project's tests first, never a browser's or a benchmark's run", () => {
    const cwd = temporaryDir();
    writeFiles(cwd, {
      ".github/workflows/a-e2e.yml": "jobs:\n  e:\n    steps:\n      - run: npm run test:e2e\n",
      ".github/workflows/bench.yml": "jobs:\n  b:\n    steps:\n      - run: npx vitest bench\n",
      ".github/workflows/test.yml": "jobs:\n  t:\n    steps:\n      - run: npm test\n",
    });
    expect(ciTests(cwd)).toMatchObject({ file: ".github/workflows/test.yml", command: "npm test" });
  });

  it("is the derived check only where the user has its program: a CI's `pnpm test` for a user without pnpm is not", () => {
    const cwd = temporaryDir();
    writeFiles(cwd, {
      ".github/workflows/ci.yml": "jobs:\n  t:\n    steps:\n      - run: pnpm test\n",
      "package.json": JSON.stringify({ scripts: { test: "node --test" } }),
    });
    const bin = temporaryDir();
    writeFiles(bin, { pnpm: "#!/bin/sh\n" });
    chmodSync(join(bin, "pnpm"), 0o755);
    expect(deriveChecks("the tests pass", cwd, [], bin)).toEqual([
      { command: "pnpm test", kind: "test", source: "project", from: ".github/workflows/ci.yml" },
    ]);
    expect(deriveChecks("the tests pass", cwd, [], temporaryDir())).toEqual([
      { command: "npm test", kind: "test", source: "project" },
    ]);
  });

  it("is nothing for a project without workflows", () => {
    expect(ciTests(temporaryDir())).toBeNull();
  });
});
