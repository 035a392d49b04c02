// What an app's build publishes in its mf-manifest.json beside Module Federation's own fields
// (field `shop`): a remote's route list, checked against what it exposes, and the federated
// modules the app loads from other remotes. The contract check (check-contract.ts) reads both.
const fs = require('node:fs');
const path = require('node:path');

/** Loads a TypeScript module from the build (webpack's config runs in plain Node). */
function requireTs(file) {
  return require('tsx/cjs/api').require(file, __filename);
}

/** The remotes of the shop: a literal 'checkout/ExpressCheckoutButton' in source is a federated load. */
const { REMOTE_NAMES } = requireTs(path.join(__dirname, '../../src/routes/remotes.ts'));
const FEDERATED_ID = new RegExp(`['"\`]((?:${REMOTE_NAMES.join('|')})/[A-Z][A-Za-z0-9]*)['"\`]`, 'g');

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Federated modules of other remotes that the app's source names as string literals (the
 * convention: `<FederatedSlot module="checkout/ExpressCheckoutButton" />`). Comments are skipped.
 */
function federatedModulesLoaded(srcDir, self) {
  const found = new Set();
  for (const file of sourceFiles(srcDir)) {
    const code = fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const match of code.matchAll(FEDERATED_ID)) {
      if (!match[1].startsWith(`${self}/`)) found.add(match[1]);
    }
  }
  return [...found].sort();
}

/** The exposed module ids of a remote: { './ProductPage': … } → ['catalog/ProductPage']. */
const exposedIds = (name, exposes) => Object.keys(exposes ?? {}).map((key) => `${name}/${key.replace(/^\.\//, '')}`);

/**
 * @param {{ name: string, dir: string, exposes?: Record<string,string>, routes?: string }} o
 * @returns {{ routes?: object, loads: string[] }}
 */
function publishedContract(o) {
  const contract = { loads: federatedModulesLoaded(path.join(o.dir, 'src'), o.name) };
  if (!o.routes) return contract;
  const { routes: list } = requireTs(path.resolve(o.dir, o.routes));
  const { parseRouteList, routeListModules } = requireTs(path.join(__dirname, '../../src/routes/routeList.ts'));
  const parsed = parseRouteList(o.name, list);
  if (parsed.errors) throw new Error(`Invalid route list ${o.routes}:\n  ${parsed.errors.join('\n  ')}`);
  const exposed = exposedIds(o.name, o.exposes);
  const unexposed = routeListModules(parsed.list).filter((m) => !exposed.includes(m));
  if (unexposed.length > 0) {
    throw new Error(`${o.routes} routes to ${unexposed.join(', ')}, which webpack.config.js does not expose`);
  }
  return { ...contract, routes: parsed.list };
}

/** Adds the contract to the mf-manifest.json Module Federation emits (field `shop`). */
class PublishContractPlugin {
  constructor(contract, manifestFile = 'mf-manifest.json') {
    this.contract = contract;
    this.manifestFile = manifestFile;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PublishContractPlugin', (compilation) => {
      // REPORT runs after the federation plugin has written its manifest (OPTIMIZE_TRANSFER).
      compilation.hooks.processAssets.tap({ name: 'PublishContractPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const asset = compilation.getAsset(this.manifestFile);
        if (!asset) {
          compilation.errors.push(new Error(`${this.manifestFile} was not emitted: the route list cannot be published`));
          return;
        }
        const manifest = JSON.parse(asset.source.source().toString());
        manifest.shop = this.contract;
        compilation.updateAsset(this.manifestFile, new sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}

module.exports = { publishedContract, federatedModulesLoaded, PublishContractPlugin, REMOTE_NAMES };
