// The module adapterBuild puts in the hook loader's place of "goalpost:adapter-state-root": the
// adapter's own src/<host>-paths.ts (AdapterBuild.stateRootModule), so the loader finds its code cache
// in the adapter's state root without loading the adapter.
declare module "goalpost:adapter-state-root" {
  /** The adapter's state root, as HostAdapter.stateRoot (GOALPOST_HOME wins). */
  export function goalpostStateRoot(env: NodeJS.ProcessEnv): string;
}
