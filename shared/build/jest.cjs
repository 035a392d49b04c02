// Jest configuration shared by the front-end packages: TypeScript/TSX through SWC, jsdom, CSS Modules
// as identity maps.
const path = require('node:path');

module.exports = (dir) => ({
  rootDir: dir,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/{src,server,build}/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.(t|j)sx?$|\\.m?js$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // ESM-only packages the page server uses (jest cannot require() ESM on Node 20): compile them too.
  transformIgnorePatterns: ['^(?!.*/node_modules/(content-disposition|cookie)/).*/node_modules/'],
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': path.join(__dirname, 'empty-module.cjs'),
    '\\.(svg|png|jpe?g|webp)$': path.join(__dirname, 'file-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
});
