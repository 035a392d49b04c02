// The server build of an app (the page server renders pages with it): Node code beside the
// browser build, in dist/server/. A remote's server build is a Module Federation container
// (commonjs) with the same exposed pages and no copy of the shared singletons: the shell's server
// build provides them, as the shell does in the browser. It is one file, so the page server loads
// it over HTTP from the remote's configured location (Module Federation's Node runtime fetches and
// evaluates it), and a team deploys it with its browser build, without a shell release.
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons } = require('./webpack.cjs');

/** Singletons whose one instance matters on the server: React's, the router's and the store's contexts, @shop/shared's. */
const SERVER_SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', '@shop/shared/router', 'jotai', '@shop/shared'];

/**
 * The shell provides those singletons; a remote consumes them only (no fallback bundled). The
 * other shared libraries (zod, the form libraries) are bundled by each server build as plain
 * modules: a container in one file takes its shared modules synchronously when it starts, and a
 * stateless library needs no single instance on the server.
 */
function serverShared(appDir, host) {
  const shared = sharedSingletons(appDir);
  return Object.fromEntries(
    Object.entries(shared)
      .filter(([key]) => SERVER_SINGLETONS.includes(key))
      .map(([key, config]) => [key, host ? config : { ...config, import: false }]),
  );
}

/**
 * @param {object} o same options as createAppConfig; `serverEntry` (the shell) is the module
 * exporting the page server's render function.
 */
function createServerConfig(o) {
  return (_env, argv) => {
    const prod = argv.mode !== 'development';
    const host = Boolean(o.host);
    return {
      name: `${o.name}-server`,
      mode: prod ? 'production' : 'development',
      context: o.dir,
      target: 'async-node',
      entry: host ? { main: o.serverEntry } : {},
      devtool: false,
      output: {
        path: path.join(o.outDir ?? path.join(o.dir, 'dist'), 'server'),
        // The shell's files are served from the root; a remote's images from its location (set at run time).
        publicPath: host ? '/' : '',
        filename: '[name].js',
        chunkFilename: '[name].js',
        uniqueName: `${o.name}_server`,
        library: host ? { type: 'commonjs2' } : undefined,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(o.dir, 'tsconfig.json') } },
          },
          {
            // Class names only, computed exactly as in the browser build so the markup matches.
            test: /\.css$/,
            use: {
              loader: 'css-loader',
              options: {
                modules: {
                  auto: true,
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                  exportOnlyLocals: true,
                  localIdentName: prod ? `${o.name}_[hash:base64:6]` : `${o.name}__[name]__[local]`,
                },
              },
            },
          },
          // The browser build emits the files; the server only needs their names.
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
        ],
      },
      optimization: { minimize: false, chunkIds: 'named' },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name: o.name,
          filename: 'remoteEntry.js',
          library: host ? undefined : { type: 'commonjs-module' },
          remoteType: 'script',
          manifest: false,
          dts: false,
          exposes: host ? {} : o.exposes ?? {},
          remotes: {},
          shared: serverShared(o.dir, host),
          runtimePlugins: host ? [] : [path.join(__dirname, 'server-public-path.js')],
          experiments: { optimization: { target: 'node' } },
        }),
        // One file: the page server fetches it once; pages need no further chunk loads.
        ...(host ? [] : [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })]),
        new webpack.DefinePlugin({ 'process.env.SHOP_REMOTE_NAME': JSON.stringify(o.name) }),
      ],
    };
  };
}

module.exports = { createServerConfig };
