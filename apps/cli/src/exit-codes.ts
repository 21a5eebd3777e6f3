// What `goalpost` exits with, the same for every command (README: "Exit codes").
export const EXIT = {
  /** Done; every check passed. */
  ok: 0,
  /** Done, but something is wrong: a doctor check failed, a host's install failed. */
  problem: 1,
  /** The command line itself was wrong: an unknown command, flag or host; nothing was done. */
  usage: 2,
  /** The goal or session named does not exist. */
  notFound: 3,
} as const;
