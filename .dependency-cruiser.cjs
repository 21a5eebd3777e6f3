// The import rules of the monorepo, checked by dependency-cruiser in the README's test command
// (`pnpm run deps`). docs/architecture.md says why each holds. Test files and test helpers
// (`test-*.ts`) are left out: they may reach anywhere to set a scene.
const { readFileSync } = require("node:fs");

const ADAPTERS = "^packages/adapter-(claude-code|codex|copilot-cli|vscode-chat)/";
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * A package's published entries — every file its package.json `exports` names (the source its
 * `goalpost:source` condition gives, or the file itself) — as a path pattern: read from the manifest, so
 * an entry added or taken out there is what the rules allow, never a list kept by hand.
 */
function entries(dir) {
  const targets = Object.values(JSON.parse(readFileSync(`${dir}/package.json`, "utf8")).exports);
  const files = targets.map((target) => (typeof target === "string" ? target : target["goalpost:source"])).filter(Boolean);
  return `^${literal(dir)}/(${files.map((file) => literal(file.replace(/^\.\//, ""))).join("|")})$`;
}
/** The kit's public entries: all an adapter may import. */
const KIT_ENTRIES = entries("packages/adapter-kit");
/** Core's public entries. */
const CORE_ENTRIES = entries("packages/core");
/**
 * Core's folders are layers, lowest first: a folder imports only folders before it (docs/architecture.md
 * says what each holds). Every folder of core's `src/` is in the list — a folder left out is refused by
 * the rule below, so a new one has to be placed.
 */
const CORE_LAYERS = [
  "redaction",
  "text",
  "base",
  "host",
  "record",
  "evidence",
  "gate",
  "lifecycle",
  "config",
  "store",
  "notify",
  "session",
  "verify",
  "tools",
  "engine",
];
const CORE = "^packages/core/src/";
/** One rule per layer: nothing in it imports a layer above it. */
const layerRules = CORE_LAYERS.slice(0, -1).map((layer, index) => ({
  name: "core-layer-order",
  comment: `Core's \`${layer}\` sits below ${CORE_LAYERS.slice(index + 1).join(", ")}: it never imports them.`,
  severity: "error",
  from: { path: `${CORE}${layer}/` },
  to: { path: `${CORE}(${CORE_LAYERS.slice(index + 1).join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "core-layer-order",
      comment: "Every folder of core's src/ is a layer of the list in this file: a new folder is placed there.",
      severity: "error",
      from: { path: CORE, pathNot: `${CORE}(${CORE_LAYERS.join("|")})/|${CORE}[^/]+$|${CORE}__fixtures__/` },
      to: {},
    },
    {
      name: "no-circular",
      comment: "A module that imports itself through others: split out what both need.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      comment:
        "Folders are layers (core's order is the rule `core-layer-order`; the kit's: contract < installing < hook < fast-path/doctor < bin): a folder never imports one that imports it.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-stands-alone",
      comment:
        "Core is the library other harnesses embed: it never imports the verifier (a harness passes it in), the kit, an adapter, the MCP server or the CLI.",
      severity: "error",
      from: { path: "^packages/core/" },
      to: { path: "^(packages/(adapter-|mcp/|verifier/)|apps/)" },
    },
    {
      name: "verifier-knows-no-host",
      comment:
        "The verifier runs checks for any harness: it imports core alone, never the kit, an adapter, the MCP server or the CLI.",
      severity: "error",
      from: { path: "^packages/verifier/" },
      to: { path: "^(packages/(adapter-|mcp/)|apps/)" },
    },
    {
      name: "kit-knows-no-adapter",
      comment: "The kit is host-neutral: host facts live in the adapters.",
      severity: "error",
      from: { path: "^packages/adapter-kit/" },
      to: { path: `${ADAPTERS}|^apps/` },
    },
    {
      name: "adapters-use-the-kits-entries",
      comment: "An adapter imports the kit only through its published entries, as a third party would.",
      severity: "error",
      from: { path: ADAPTERS },
      to: { path: "^packages/adapter-kit/src/", pathNot: KIT_ENTRIES },
    },
    {
      name: "others-use-cores-entries",
      comment: "Outside core, core is reached only through its published entries.",
      severity: "error",
      from: { pathNot: "^packages/core/" },
      to: { path: "^packages/core/src/", pathNot: CORE_ENTRIES },
    },
    {
      name: "internal-is-goalposts-own",
      comment:
        "Core's internal entry is for goalpost's own packages: a harness, the kit's example adapter and anything else use the main entry.",
      severity: "error",
      from: {
        pathNot:
          "^(packages/(core|verifier|adapter-kit/src|adapter-(claude-code|codex|copilot-cli|vscode-chat)|mcp)/|apps/|e2e/)",
      },
      to: { path: "^packages/core/src/internal\\.ts$" },
    },
    {
      name: "adapters-know-no-other-adapter",
      comment: "Each adapter is published and installed on its own.",
      severity: "error",
      from: { path: "^packages/adapter-(claude-code|codex|copilot-cli|vscode-chat)/" },
      to: { path: ADAPTERS, pathNot: "^packages/adapter-$1/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)(dist|node_modules|__fixtures__)/", "\\.test\\.ts$", "/test-[a-z-]+\\.ts$"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    // Workspace packages resolve to their sources, as vitest and the build resolve them.
    // Through each package's `exports`, subpaths included: without them no import between packages
    // resolves, and the rules about them could not fail.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["goalpost:source", "import", "types", "default"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
