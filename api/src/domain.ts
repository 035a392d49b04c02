import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';

/**
 * The types a domain's routes.ts needs, apart from app.ts (which mounts the domains), so that
 * domains never import the module that imports them.
 */

/** The Fastify instance with the zod type provider: route schemas type request and reply. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every domain plugin receives as options. */
export interface AppDeps {
  db: Db;
  config: Config;
}

/** A domain's routes.ts exports one of these; register it in src/routes.ts. */
export type DomainPlugin = FastifyPluginAsyncZod<AppDeps>;
