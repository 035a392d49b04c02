/**
 * API tests: jest + @swc/jest (no type checking here: `npm run typecheck`). The transform also
 * covers @shop/shared, which is TypeScript source in ../shared/src (not under node_modules once
 * resolved). Each test file gets one database: see src/test/db.ts.
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  transform: {
    '^.+\\.(ts|tsx|js|cjs|mjs)$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Compiled too: PGlite's CommonJS build loads Node built-ins with import() (which jest's
  // CommonJS runtime rejects without --experimental-vm-modules); content-disposition (used by
  // @fastify/static) cookie (used by fastify.inject) and otplib's @scure/base and @noble/hashes are ESM only, and jest cannot require() ESM on Node < 24.9.
  transformIgnorePatterns: ['^(?!.*/node_modules/(@electric-sql/pglite|content-disposition|cookie|@scure/base|@noble/hashes)/).*/node_modules/'],
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  testTimeout: 30_000,
};
