/**
 * The shop's remotes, each deployed by its own team, in the order that decides who keeps a path
 * two of them claim. The one list the shell, its page server and the build's contract checks read.
 */
export const REMOTE_NAMES = ['catalog', 'content', 'account', 'checkout'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * A remote's container script, beside its mf-manifest.json: the browser loads it directly, so
 * every remote's build must emit it under this name at the manifest's folder (the shared webpack
 * config does; the contract check holds a build to it).
 */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';
