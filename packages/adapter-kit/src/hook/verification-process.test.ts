import { describe, expect, it } from "vitest";
import { verifierEnvironment } from "./verification-process.js";

describe("the environment goalpost's verifying process starts with", () => {
  const agents = {
    HOME: "/home/u",
    LANG: "C.UTF-8",
    PATH: "/tmp/fake-npm:/usr/bin",
    NODE_OPTIONS: "--require /tmp/preload.cjs",
    npm_config_script_shell: "/tmp/fake-shell",
    BASH_ENV: "/tmp/evil",
    GIT_DIR: "/elsewhere",
  };

  it("keeps the host's home, locale and PATH, and nothing the agent could have set to lie about a run", () => {
    expect(verifierEnvironment(agents)).toEqual({ HOME: "/home/u", LANG: "C.UTF-8", PATH: "/tmp/fake-npm:/usr/bin" });
  });

  it("puts the system's PATH in place of one from the agent's shell", () => {
    const env = verifierEnvironment(agents, { agentsPath: true });
    expect(env["PATH"]).not.toContain("/tmp/fake-npm");
    expect(env["PATH"]?.split(":")).toEqual(expect.arrayContaining(["/usr/bin", "/bin"]));
    expect(Object.keys(env).sort()).toEqual(["HOME", "LANG", "PATH"]);
  });
});
