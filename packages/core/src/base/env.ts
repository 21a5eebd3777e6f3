// The environment goalpost reads: `process.env` fits it, and so does a plain object a harness or a
// test builds. Declared here rather than as Node's own ProcessEnv type, so the public types need no
// @types/node.
export type Env = Readonly<Record<string, string | undefined>>;

/** What goalpost's runs of a goal's checks keep of the user's environment: who and where they are, their locale and time zone. */
export const USER_VARIABLES = ["HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TZ"] as const;
