// Run as each package's prepublishOnly: refuses to publish a package that was not built, whose
// exports or bins point at missing files, or whose manifest still says `workspace:` (publish through
// `pnpm release`, which builds, tests and lets pnpm rewrite workspace ranges).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.cwd();
const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
const problems = [];

const targets = (value) =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(targets) : [];
for (const target of [...targets(manifest.exports), ...targets(manifest.bin)]) {
  if (target.startsWith("./src/")) continue; // the workspace-only `goalpost:source` condition
  if (!existsSync(join(dir, target))) problems.push(`${target} does not exist: build first (pnpm build)`);
}
// biome-ignore lint/suspicious/noUndeclaredEnvVars: npm and pnpm set these when they publish; turbo never runs this script
const publishedByNpm = process.env.npm_command === "publish" && !process.env.PNPM_SCRIPT_SRC_DIR;
for (const field of ["dependencies", "peerDependencies", "optionalDependencies"])
  for (const [name, range] of Object.entries(manifest[field] ?? {}))
    if (String(range).startsWith("workspace:") && publishedByNpm)
      problems.push(`${field}.${name} is "${range}": publish with pnpm (pnpm release), which rewrites it`);
if (!existsSync(join(dir, "LICENSE"))) problems.push("LICENSE is missing");

if (problems.length > 0) {
  console.error(`prepublish: ${manifest.name} is not ready to publish:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(`prepublish: ${manifest.name} ${manifest.version} is ready`);
