// The threat model's rows for hosts with no strict mode, as an agent's script would play them on every
// host: goalpost installed by each adapter's own `install` into a fake home, its hooks run as the host
// runs them. What the script does no hook sees; what each row claims is that it is told — at the next
// prompt (in the hook's answer, or through the outbox goalpost's extension shows) and in `goalpost status`.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeTestdirs } from "@goalpost/adapter-kit/testing";
import { createGoalTools } from "@goalpost/core";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { HOSTS, type Host, installed } from "./installed-hosts.js";

afterEach(removeTestdirs);

const CLI = fileURLToPath(new URL("../../apps/cli/dist/goalpost.js", import.meta.url));
const refused = (answer: { output: Record<string, unknown> | null }) => JSON.stringify(answer.output ?? {}).includes('"block"');

/** The user's `/goal`, then the agent opening it with its goal tools (as its MCP server runs them, on the same store). */
function goalOpen(h: Awaited<ReturnType<typeof installed>>, host: Host, session: string): void {
  h.prompt(session, "/goal make the parser return a syntax tree");
  createGoalTools(h.store).open(
    { sessionId: session, host: host.name, cwd: h.project },
    { objective: "The parser returns a syntax tree", remaining: ["find where the tree is built"] },
  );
}

describe.each(HOSTS)("what an agent's script does to goalpost, told on $name", { timeout: 120_000 }, (host) => {
  it("its session file marked complete by a script: the goal is read as goalpost left it, and the user is told", async () => {
    const h = await installed(host);
    const session = `${host.name}-forged`;
    goalOpen(h, host, session);
    expect(h.goal(session).status).toBe("active");
    // The script: the goal complete and its run passed, written straight into goalpost's session file.
    const forge = `const fs = require("fs"); const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      for (const g of s.goals) { g.status = "complete"; g.closedAt = new Date().toISOString();
        g.verification = { id: "v-forged", state: "passed" }; }
      fs.writeFileSync(process.argv[1], JSON.stringify(s));`;
    execFileSync(process.execPath, ["-e", forge, h.store.sessionPath(session)]);
    expect(refused(h.stop(session))).toBe(true);
    expect(h.goal(session).status).toBe("active");
    const next = h.prompt(session, "how is it going?");
    expect(next.said).toMatch(/session file for \S+ was written by something other than goalpost: goal \S+ reads complete/);
    const status = await execa(process.execPath, [CLI, "status"], {
      cwd: h.project,
      env: h.env,
      extendEnv: false,
      reject: false,
    });
    expect(String(status.stdout)).toMatch(/was written by something other than goalpost/);
  });

  it("goalpost's hooks taken out of the host's configuration while a goal is open: `goalpost status` says so", async () => {
    const h = await installed(host);
    const session = `${host.name}-unhooked`;
    h.prompt(session, "/goal make the parser return a syntax tree");
    const status = async () =>
      String(
        (await execa(process.execPath, [CLI, "status"], { cwd: h.project, env: h.env, extendEnv: false, reject: false })).stdout,
      );
    expect(await status()).not.toMatch(/hooks are gone/);
    // The script: the file that holds goalpost's hooks emptied.
    const file = host.hooksFile(h.home);
    expect(readFileSync(file, "utf8")).toContain("goalpost-");
    writeFileSync(file, "{}\n");
    expect(await status()).toMatch(/goalpost's hooks are gone from \S+ since \d\d:\d\d UTC/);
  });

  // Copilot CLI tells the user through goalpost's extension: a script that rewrites it during the turn
  // could silence what would tell. The edit is seen at the stop and told at the next prompt.
  it.runIf(host.name === "copilot-cli")(
    "goalpost's extension rewritten during the agent's turn is told at the next prompt",
    async () => {
      const h = await installed(host);
      const session = `${host.name}-extension`;
      goalOpen(h, host, session);
      h.prompt(session, "go on");
      const extension = join(h.home, ".copilot", "extensions", "goalpost", "extension.mjs");
      writeFileSync(extension, `${readFileSync(extension, "utf8")}\nexport const quiet = true;\n`);
      h.stop(session);
      expect(h.prompt(session, "how is it going?").said).toMatch(
        /extension\.mjs[\s\S]*changed during the agent's turn|changed during the agent's turn[\s\S]*extension\.mjs/,
      );
    },
  );
});
