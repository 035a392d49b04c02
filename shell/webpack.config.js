const { createAppConfig } = require('@shop/shared/build/webpack.cjs');

// The shell is the host. No remote is declared here: their locations come from remotes.json at
// run time (see src/federation/remotes.ts), so a remote can move without rebuilding the shell.
module.exports = createAppConfig({ name: 'shell', dir: __dirname, port: 3000, host: true });
