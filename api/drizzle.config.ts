/**
 * drizzle-kit: `npm run db:generate -w @shop/api` turns changes of src/db/schema.ts into a new
 * SQL migration in ./migrations (hold /tmp/migrate.lock while generating, see README). drizzle-kit is
 * installed apart (tools/drizzle-kit, see scripts/drizzle-kit.mjs), so this file does not import its
 * defineConfig; it reads the same object.
 */
export default {
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
  strict: true,
  ...(process.env.DATABASE_URL ? { dbCredentials: { url: process.env.DATABASE_URL } } : {}),
};
