const { createAppConfig } = require('@shop/shared/build/webpack.cjs');
const { createServerConfig } = require('@shop/shared/build/webpack.server.cjs');

// The shell is the host. No remote is declared here: their locations come from remotes.json at
// run time (see src/federation/remotes.ts), so a remote can move without rebuilding the shell.
// The second build (dist/server/main.js) is what the page server renders pages with.
module.exports = [
  createAppConfig({ name: 'shell', dir: __dirname, port: 3000, host: true }),
  createServerConfig({ name: 'shell', dir: __dirname, host: true, serverEntry: './src/server/index.ts' }),
];
