/**
 * `npm run check:contract -w <remote>`: before deploying a remote, checks its build (dist/) against
 * the shop it joins. Fails, naming the module or version, when
 *   - a shared singleton (react, react-dom, the router @shop/shared/router, jotai, @shop/shared) is not
 *     compatible with what the deployed shell provides (read from the shell's mf-manifest.json);
 *   - a module the shell or another remote loads from it (e.g. checkout/ExpressCheckoutButton) is no
 *     longer exposed, or a module it loads from another remote is not exposed there;
 *   - its route list is invalid, routes to a module it does not expose, or claims a path another
 *     remote owns.
 * The shop it joins: SHOP_URL=https://www.example.co.uk (its /mf-manifest.json and /remotes.json),
 * or by default the builds in this repository (../shell/dist, ../<remote>-mfe/dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  checkLoadedModulesExposed,
  checkOwnLoads,
  checkNoOwnCopies,
  checkRemoteEntry,
  checkRoutes,
  checkSharedSingletons,
  type BuiltManifest,
} from './contract';
import { REMOTE_NAMES as REMOTES } from '../../src/routes/remotes';

async function readJson(location: string): Promise<unknown> {
  if (/^https?:\/\//.test(location)) {
    const res = await fetch(location, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`${location} answered ${res.status}`);
    return res.json();
  }
  return JSON.parse(fs.readFileSync(location, 'utf8'));
}

/** Where the shell's and the other remotes' manifests are, for the shop this remote is deployed to. */
async function deployedManifests(self: string, packageDir: string): Promise<{ shell: string; others: [string, string][] }> {
  const shop = process.env.SHOP_URL?.replace(/\/$/, '');
  const others = REMOTES.filter((r) => r !== self);
  if (!shop) {
    const repo = path.resolve(packageDir, '..');
    return {
      shell: path.join(repo, 'shell/dist/mf-manifest.json'),
      others: others.map((r) => [r, path.join(repo, `${r}-mfe/dist/mf-manifest.json`)]),
    };
  }
  const remotes = (await readJson(`${shop}/remotes.json`)) as Record<string, string>;
  return {
    shell: `${shop}/mf-manifest.json`,
    others: others.filter((r) => remotes[r]).map((r) => [r, new URL(remotes[r] as string, `${shop}/`).href]),
  };
}

/** The sources of the build's own JavaScript (dist/*.js, not its server or standalone builds), from their source maps. */
function builtSources(dist: string): string[] {
  return fs
    .readdirSync(dist)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => (JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8')) as { sources?: string[] }).sources ?? []);
}

async function main(): Promise<number> {
  const packageDir = process.cwd();
  const ownFile = path.join(packageDir, 'dist/mf-manifest.json');
  if (!fs.existsSync(ownFile)) {
    console.error(`[contract] ${path.relative(process.cwd(), ownFile)} is missing: build first (npm run build -w ${path.basename(packageDir)})`);
    return 1;
  }
  const own = (await readJson(ownFile)) as BuiltManifest;
  const where = await deployedManifests(own.name, packageDir);

  let shell: BuiltManifest;
  try {
    shell = (await readJson(where.shell)) as BuiltManifest;
  } catch (error) {
    console.error(`[contract] the shell's manifest ${where.shell} could not be read: ${(error as Error).message}`);
    return 1;
  }
  const others: BuiltManifest[] = [];
  for (const [name, location] of where.others) {
    try {
      others.push((await readJson(location)) as BuiltManifest);
    } catch (error) {
      console.warn(`[contract] warning: ${name}'s manifest ${location} could not be read (${(error as Error).message}); not checked against it`);
    }
  }

  const checks: [string, string[]][] = [
    [`shared singletons are compatible with the shell's`, checkSharedSingletons(own, shell)],
    ['it bundles no copy of a shared library', checkNoOwnCopies(own.name, builtSources(path.join(packageDir, 'dist')))],
    [`exposes every module the shell and ${others.map((o) => o.name).join(', ') || 'the others'} load from it`, checkLoadedModulesExposed(own, [shell, ...others])],
    ['what it loads from the other remotes is exposed there', checkOwnLoads(own, others)],
    ['its route list is valid and clashes with no other remote', checkRoutes(own, others, REMOTES)],
    [`its container is the global ${own.name} in remoteEntry.js beside its manifest`, checkRemoteEntry(own)],
  ];
  let failed = 0;
  console.log(`[contract] ${own.name} (${path.relative(process.cwd(), ownFile)}) against the shell at ${where.shell}`);
  for (const [what, problems] of checks) {
    console.log(`  ${problems.length ? '✗' : '✓'} ${what}`);
    for (const problem of problems) console.log(`      ${problem}`);
    failed += problems.length;
  }
  if (failed) console.error(`[contract] ${own.name}: ${failed} problem${failed === 1 ? '' : 's'}; do not deploy this build`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[contract]', error);
    process.exit(1);
  },
);
