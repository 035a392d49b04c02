/**
 * The shop's remotes, each deployed by its own team, in the order that decides who keeps a path
 * two of them claim. The one list the shell, its page server and the build's contract checks read.
 */
export const REMOTE_NAMES = ['catalog', 'content', 'account', 'checkout'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
