// Webpack configuration shared by the shell and every remote. The list of shared singletons is
// part of the contract between teams, so it lives here beside the shared package.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { StartupScriptsPlugin } = require('./startup-scripts.cjs');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const sharedPkg = require('../package.json');

// Module Federation's plugins look webpack up by calling it without options and reading its path
// off the validation error's stack. That compiles webpack's whole options schema (about 2 s of CPU
// in every webpack process) and, run from CommonJS, finds nothing, so each plugin tries again and
// then requires 'webpack' from its own folder. Named up front (its FEDERATION_WEBPACK_PATH
// setting): the same webpack, the one the builds use (webpack.server.cjs requires it from here).
process.env.FEDERATION_WEBPACK_PATH ||= require.resolve('webpack');
const { publishedContract, PublishContractPlugin } = require('./contract/publish.cjs');

/**
 * One Module Federation runtime per page: the shell's main.js provides its runtime core on the
 * global `_FEDERATION_RUNTIME_CORE` (PROVIDE_RUNTIME_PLUGIN), and a remote's browser build takes it
 * from there (experiments.externalRuntime) instead of carrying its own copy in remoteEntry.js
 * (about 19 KiB gzip of each). A remote's standalone page (createStandaloneConfig) is a host of its
 * own, with its own runtime. The server builds (webpack.server.cjs) keep their own runtime.
 */
const STANDALONE_DIR = 'standalone';
const PROVIDE_RUNTIME_PLUGIN = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

const REACT_ROUTER_PRODUCTION = path.join(path.dirname(require.resolve('react-router/package.json', { paths: [path.join(__dirname, '..')] })), 'dist/production/index.mjs');

/**
 * The version of a package as installed for the app in `appDir` (read from disk: some, like
 * @hookform/resolvers, export neither package.json nor a main entry).
 */
function deps(name, appDir) {
  const entry = name === '@hookform/resolvers' ? '@hookform/resolvers/zod' : name;
  let resolved;
  try {
    resolved = require.resolve(entry, { paths: [appDir] });
  } catch {
    return undefined; // not a dependency of this app
  }
  for (let dir = path.dirname(resolved); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === name) return pkg.version;
    }
  }
  throw new Error(`cannot find the version of ${name}`);
}

/**
 * Singletons every app shares: one React, one router, one jotai store, one @shop/shared, and one
 * copy of the form libraries (zod, react-hook-form and its zod resolver) instead of one per remote.
 * The shell depends on all of them and provides each (loaded only when a page needs it; webpack
 * provides only what a build imports, so shell/src/federation/providedForRemotes.ts imports those
 * only remotes use); a remote shares those it depends on.
 *
 * `provide: false` (a remote's build for the shop): the remote brings no copy of its own and takes
 * the shell's (import: false). The contract check makes sure the deployed shell provides each; a
 * copy of its own would only add its loaders to every page's remoteEntry.js. A remote's standalone
 * page, which has no shell, provides its own.
 */
function sharedSingletons(appDir, { provide = true } = {}) {
  const singleton = (pkg, strictVersion = false) => {
    const version = deps(pkg, appDir);
    return version && { singleton: true, strictVersion, requiredVersion: `^${version}`, version };
  };
  const ownPackage = {
    singleton: true,
    strictVersion: true,
    requiredVersion: `^${sharedPkg.version}`,
    version: sharedPkg.version,
  };
  const libraries = {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    jotai: singleton('jotai', true),
    zod: singleton('zod'),
    'react-hook-form': singleton('react-hook-form'),
    '@hookform/resolvers/zod': singleton('@hookform/resolvers'),
    '@shop/shared': ownPackage,
    // The zod schemas, apart from the main entry so that zod loads only with the forms and calls
    // that parse (the main entry is in every page's first JavaScript).
    '@shop/shared/schemas': ownPackage,
    // The form messages, countries and regions of the account and checkout forms, apart from the
    // main entry for the same reason.
    '@shop/shared/forms': ownPackage,
    // A remote's standalone host (its team's own page, which provides it): never on the shop's pages.
    '@shop/shared/standalone': ownPackage,
    // The router (one instance: its context is shared by the shell and the remotes): only the
    // react-router APIs the apps use (shared/src/router.ts), not the whole of react-router-dom,
    // which a shared module would bundle whole.
    '@shop/shared/router': ownPackage,
  };
  return Object.fromEntries(
    Object.entries(libraries)
      .filter(([, config]) => config)
      .map(([name, config]) => [name, provide ? config : { ...config, import: false }]),
  );
}

/**
 * @param {object} o
 * @param {string} o.name        federation name (shell, catalog, content, account, checkout)
 * @param {string} o.dir         the app's folder
 * @param {number} o.port        dev-server port
 * @param {Record<string,string>} [o.exposes]  modules a remote exposes
 * @param {string} [o.routes]    a remote's route list (src/routes.ts), published in its manifest
 * @param {string} [o.outDir]    where the build goes (default <dir>/dist)
 * @param {boolean} [o.host]     the shell
 * @param {boolean} [o.standalone] a remote's standalone page (see createStandaloneConfig)
 */
function createAppConfig(o) {
  return (env, argv) => {
    const prod = argv.mode !== 'development';
    // `--env sourceMaps=false` (npm start's first build, scripts/start.mjs): no production maps.
    // They are for error reporting, uploaded from `npm run build`'s output; writing them is about
    // a tenth of a build's CPU. The bundles are the same either way (the maps are not referenced).
    const sourceMaps = String(env?.sourceMaps ?? 'true') !== 'false';
    // `--env minifyWorkers=false` (the same first build): minified in the webpack process itself.
    // That build already runs one webpack process per core; a minifier worker process for each
    // only adds its start-up and the copying of every asset to it (about 1-2 CPU-s a process).
    const minifyWorkers = String(env?.minifyWorkers ?? 'true') !== 'false';
    // The shell and a remote's standalone page are hosts: a page with an entry, an HTML file and
    // the shared libraries. A remote's build for the shop is its remoteEntry.js and exposed modules.
    const page = Boolean(o.host || o.standalone);
    const remote = !o.host && !o.standalone;
    // Checked here, so a list naming a module the remote does not expose fails the build.
    const contract = o.standalone ? null : publishedContract(o);
    const cssLoader = {
      loader: 'css-loader',
      options: {
        modules: {
          auto: true,
          namedExport: false,
          exportLocalsConvention: 'as-is',
          localIdentName: prod ? `${o.name}_[hash:base64:6]` : `${o.name}__[name]__[local]`,
        },
      },
    };
    return {
      mode: prod ? 'production' : 'development',
      context: o.dir,
      // A remote's build for the shop has no entry of its own: the federation plugin adds remoteEntry.js.
      entry: page ? { main: './src/index.ts' } : {},
      // Production maps are written beside the bundles for error reporting (upload them to Sentry)
      // but not referenced from them; the page server never serves *.map files.
      devtool: prod ? (sourceMaps ? 'hidden-source-map' : false) : 'eval-cheap-module-source-map',
      output: {
        path: o.standalone ? path.join(o.outDir ?? path.join(o.dir, 'dist'), STANDALONE_DIR) : (o.outDir ?? path.join(o.dir, 'dist')),
        publicPath: o.standalone ? `/${STANDALONE_DIR}/` : 'auto',
        // Entries keep stable names (served with revalidation); every other chunk is content-hashed (immutable).
        filename: '[name].js',
        chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: o.standalone ? `${o.name}_standalone` : o.name,
        // dist/server/ is the server build's (webpack.server.cjs), built beside this one.
        // So is a remote's standalone page, dist/standalone/ (createStandaloneConfig).
        clean: o.standalone ? true : { keep: /^(server|standalone)[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // react-router's package exports only its development build (dev warnings on); a
        // production bundle takes its production build, the same code with them off.
        alias: prod ? { 'react-router$': REACT_ROUTER_PRODUCTION } : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              options: { transpileOnly: true, configFile: path.join(o.dir, 'tsconfig.json') },
            },
          },
          {
            test: /\.css$/,
            use: [prod ? MiniCssExtractPlugin.loader : 'style-loader', cssLoader],
          },
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        // Production chunks get short numeric ids: the runtime and every remoteEntry.js carry a map
        // of all chunk ids, and long path-like names cost about 0.5 KiB gzip in each. Development
        // keeps named chunks, legible in the network panel.
        chunkIds: prod ? 'deterministic' : 'named',
        // swc's minifier (native) instead of webpack's default terser: the same two compress passes
        // in a fraction of the time, which is most of a production build's time.
        minimizer: [new MinimizerPlugin({ parallel: minifyWorkers, minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } } })],
        splitChunks: {
          chunks: 'async',
          cacheGroups: {
            // The router singleton and the part of react-router it re-exports, in one chunk: the
            // manifest lists a shared module's own chunk only, so react-router split off into a
            // vendors chunk would be counted as the remote's (check:budget) though the shell's
            // router is the one that loads.
            router: {
              test: /[\\/](node_modules[\\/]react-router[\\/]|shared[\\/]src[\\/]router\.ts$)/,
              name: 'shared-router',
              chunks: 'async',
              enforce: true,
              priority: 20,
            },
          },
        },
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name: o.standalone ? `${o.name}_standalone` : o.name,
          // REMOTE_ENTRY_FILE (shared/src/routes/remotes.ts): the browser loads it beside the manifest.
          filename: 'remoteEntry.js',
          manifest: !o.standalone,
          dts: false,
          exposes: o.standalone ? {} : (o.exposes ?? {}),
          remotes: {},
          shared: sharedSingletons(o.dir, { provide: page }),
          // A shared module is taken from what the page has loaded already (the shell's, which
          // loads first). The default, version-first, initialises sharing by downloading every
          // registered remote's remoteEntry.js (about 30 KiB gzip each) the first time a remote
          // asks for a shared module, even on a page that shows none of those remotes.
          shareStrategy: 'loaded-first',
          // The shell provides the runtime core (what experiments.provideExternalRuntime does, but
          // with the plugin's ES module build: the experiment adds its CommonJS build, which pulls in
          // the CommonJS runtime core, a second copy beside the ES one the bundler runtime uses).
          runtimePlugins: [...(o.runtimePlugins ?? []), ...(o.host ? [PROVIDE_RUNTIME_PLUGIN] : [])],
          experiments: {
            ...(remote ? { externalRuntime: true } : {}),
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        // The manifest also carries the team contract (route list, modules loaded from others):
        // the shell, its page server and the contract check read it from there.
        ...(contract ? [new PublishContractPlugin(contract)] : []),
        ...(prod
          ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })]
          : []),
        ...(page
          ? [
              new HtmlWebpackPlugin({
                template: path.join(o.dir, 'public/index.html'),
                chunks: ['main'],
                publicPath: o.standalone ? `/${STANDALONE_DIR}/` : '/',
                favicon: fs.existsSync(path.join(o.dir, 'public/favicon.svg')) ? path.join(o.dir, 'public/favicon.svg') : false,
              }),
              new StartupScriptsPlugin(),
            ]
          : []),
      ],
      // One dev server per app, on the first of its builds (for a remote, its build for the shop;
      // it also serves the standalone page, at /standalone/).
      devServer: o.standalone ? undefined : {
        port: o.port,
        host: '127.0.0.1',
        hot: false,
        historyApiFallback: o.host ? true : { index: `/${STANDALONE_DIR}/index.html` },
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            context: ['/api', '/media'],
            target: process.env.API_URL || 'http://127.0.0.1:8081',
          },
        ],
      },
    };
  };
}

/**
 * A remote's standalone page, the host its team runs its pages in alone (src/bootstrap.tsx):
 * dist/standalone/index.html, with its own federation runtime and its own copies of the shared
 * libraries (no shell provides them there). Not part of the shop: the shop loads remoteEntry.js.
 * @param {object} o the remote's options (as for createAppConfig)
 */
function createStandaloneConfig(o) {
  return createAppConfig({ ...o, standalone: true });
}

module.exports = { createAppConfig, createStandaloneConfig, sharedSingletons, STANDALONE_DIR };
