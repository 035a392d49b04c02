import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit: `npm run db:generate -w @shop/api` turns changes of src/db/schema.ts into a new
 * SQL migration in ./migrations (hold /tmp/migrate.lock while generating, see README).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
  strict: true,
  ...(process.env.DATABASE_URL ? { dbCredentials: { url: process.env.DATABASE_URL } } : {}),
});
