/**
 * The API's import rules (npm run check:cycles, run by .ci/run): domains depend on each other in
 * one direction only, so no import cycle may join two folders of src/ (or two files).
 * Type-only imports count too: they tie the folders together just the same.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Folders of src/ import each other in a circle: make one of them depend on the other only (README, "Adding a domain").',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment: 'Files import each other in a circle.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // db/schema.ts only re-exports every domain's tables for drizzle (db/client.ts gives them to
    // the query builder): an index, not a dependency of the database layer on the domains.
    exclude: { path: ['\\.test\\.ts$', '^src/db/schema\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
