-- Extensions the schema relies on. pg_trgm: trigram indexes for product search (similarity, ILIKE).
-- PGlite loads it from @electric-sql/pglite/contrib/pg_trgm; on PostgreSQL it ships with contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
