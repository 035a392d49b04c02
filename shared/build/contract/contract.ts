import semver from 'semver';
import { REMOTE_ENTRY_FILE } from '../../src/routes/remotes';
import { composeRouteTable, parseRouteList, routeListInManifest, routeListModules, type PublishedRouteList } from '../../src/routes';

/**
 * The parts of a built app's mf-manifest.json the contract between teams rests on: what it shares,
 * what it exposes, and (field `shop`, written by shared/build/contract/publish.cjs) its route list
 * and the modules it loads from other remotes.
 */
export interface BuiltManifest {
  name: string;
  shared?: { name: string; version?: string; requiredVersion?: string | false; singleton?: boolean; assets?: Assets }[];
  exposes?: { name: string; path?: string; assets?: Assets }[];
  metaData?: { globalName?: string; remoteEntry?: { name?: string; path?: string; type?: string } };
  shop?: { routes?: unknown; loads?: string[] };
}
interface Assets {
  js?: { sync?: string[]; async?: string[] };
}

/** The singletons every app must share with the shell: one React, one router, one store, one @shop/shared. */
export const CONTRACT_SINGLETONS = ['react', 'react-dom', '@shop/shared/router', 'jotai', '@shop/shared'];

/** The module ids a built remote exposes: ['catalog/ProductPage', …]. */
export function exposedModules(manifest: BuiltManifest): string[] {
  return (manifest.exposes ?? []).map((e) => `${manifest.name}/${(e.path ?? e.name).replace(/^\.\//, '')}`);
}

/**
 * The remote's shared modules against what the deployed shell provides. A remote's build for the
 * shop brings no copy of a shared module (shared/build/webpack.cjs): each one it uses must be
 * provided by the shell, as a singleton, in a version within the remote's range (the range of the
 * version it was built and tested with). A module the remote does not use is not in its manifest,
 * and needs nothing.
 */
export function checkSharedSingletons(remote: BuiltManifest, shell: BuiltManifest): string[] {
  const problems: string[] = [];
  for (const name of CONTRACT_SINGLETONS) {
    if (!(shell.shared ?? []).some((s) => s.name === name)) problems.push(`shared ${name}: the deployed shell does not provide it`);
  }
  for (const own of remote.shared ?? []) {
    const name = own.name;
    const provided = shell.shared?.find((s) => s.name === name);
    if (!provided) {
      if (!CONTRACT_SINGLETONS.includes(name)) problems.push(`shared ${name}: ${remote.name} uses it, but the deployed shell does not provide it`);
      continue;
    }
    if (!own.singleton) problems.push(`shared ${name}: ${remote.name} does not declare it a singleton`);
    if (own.requiredVersion && provided.version && !semver.satisfies(provided.version, own.requiredVersion)) {
      problems.push(`shared ${name}: ${remote.name} requires ${own.requiredVersion} but the deployed shell provides ${provided.version}`);
    }
  }
  return problems;
}

/** The libraries of the shared singletons, as their sources appear in a build's source maps. */
const SHARED_LIBRARY_SOURCE = /(^|\/)node_modules\/(react|react-dom|react-router|react-router-dom|jotai|zod|react-hook-form|@hookform\/resolvers)\//;

/**
 * The remote's build for the shop bundles no shared library of its own (a second React or store
 * beside the shell's would break the page): `sources` are the sources of its JavaScript files, as
 * their source maps list them.
 */
export function checkNoOwnCopies(remote: string, sources: string[]): string[] {
  const libraries = new Set(sources.map((s) => SHARED_LIBRARY_SOURCE.exec(s)?.[2]).filter((l): l is string => Boolean(l)));
  return [...libraries].map((library) => `shared ${library}: ${remote}'s build bundles a copy of its own instead of the shell's (share it, or declare the dependency)`);
}

/** Every module the shell or another remote loads from this remote is still exposed. */
export function checkLoadedModulesExposed(remote: BuiltManifest, consumers: BuiltManifest[]): string[] {
  const exposed = exposedModules(remote);
  const problems: string[] = [];
  for (const consumer of consumers) {
    for (const id of consumer.shop?.loads ?? []) {
      if (id.startsWith(`${remote.name}/`) && !exposed.includes(id)) {
        problems.push(`module ${id}: ${consumer.name} loads it, but this build of ${remote.name} does not expose it`);
      }
    }
  }
  return problems;
}

/** What this remote loads from the deployed others is exposed there. */
export function checkOwnLoads(remote: BuiltManifest, others: BuiltManifest[]): string[] {
  const problems: string[] = [];
  for (const id of remote.shop?.loads ?? []) {
    const owner = others.find((o) => id.startsWith(`${o.name}/`));
    if (owner && !exposedModules(owner).includes(id)) {
      problems.push(`module ${id}: ${remote.name} loads it, but the deployed ${owner.name} does not expose it`);
    }
  }
  return problems;
}

/**
 * The shop's pages load a remote's container directly (shell/src/federation/remotes.ts), not through
 * its manifest: it must be REMOTE_ENTRY_FILE beside the manifest, a global named after the remote.
 */
export function checkRemoteEntry(remote: BuiltManifest): string[] {
  const entry = remote.metaData?.remoteEntry;
  const problems: string[] = [];
  if (entry?.name !== REMOTE_ENTRY_FILE || (entry.path ?? '') !== '') {
    problems.push(`remote entry ${[entry?.path, entry?.name].filter(Boolean).join('/') || '(none)'}: must be ${REMOTE_ENTRY_FILE} beside mf-manifest.json`);
  }
  if (entry?.type !== 'global' || remote.metaData?.globalName !== remote.name) {
    problems.push(`remote entry type ${entry?.type ?? '(none)'}, global ${remote.metaData?.globalName ?? '(none)'}: must be the global ${remote.name}`);
  }
  return problems;
}

/**
 * The remote's route list: valid, routed to modules it exposes, and clashing with no path of the
 * deployed remotes (`order` is the shell's order of remotes, which decides who keeps a path).
 */
export function checkRoutes(remote: BuiltManifest, others: BuiltManifest[], order: readonly string[]): string[] {
  const own = parseRouteList(remote.name, routeListInManifest(remote));
  if ('errors' in own) return own.errors;
  const exposed = exposedModules(remote);
  const problems = routeListModules(own.list)
    .filter((m) => !exposed.includes(m))
    .map((m) => `route module ${m}: routed to, but not exposed`);
  const lists: PublishedRouteList[] = [{ remote: remote.name, list: own.list }];
  for (const other of others) {
    const parsed = parseRouteList(other.name, routeListInManifest(other));
    if ('list' in parsed) lists.push({ remote: other.name, list: parsed.list });
  }
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  lists.sort((a, b) => rank(a.remote) - rank(b.remote));
  const { conflicts } = composeRouteTable(lists);
  for (const c of conflicts) {
    if (c.kept.remote === remote.name || c.dropped.remote === remote.name) problems.push(c.message);
  }
  return problems;
}

/** The JavaScript a remote adds to a page: its remoteEntry plus each exposed module's chunks, without shared fallbacks. */
export function remoteJavaScript(manifest: BuiltManifest): { entry: string; pages: { module: string; files: string[] }[] } {
  const sharedFiles = new Set((manifest.shared ?? []).flatMap((s) => [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]));
  const entry = [manifest.metaData?.remoteEntry?.path, manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js'].filter(Boolean).join('/');
  const pages = (manifest.exposes ?? []).map((e) => ({
    module: `${manifest.name}/${(e.path ?? e.name).replace(/^\.\//, '')}`,
    files: [...new Set([...(e.assets?.js?.sync ?? []), ...(e.assets?.js?.async ?? [])])].filter((f) => !sharedFiles.has(f)),
  }));
  return { entry, pages };
}
