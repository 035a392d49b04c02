import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { uploadsDirOf } from './backoffice/hero-images';
import { STATUS_CODES } from 'node:http';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { TooManyRequests } from './auth/rate-limit';
import { guardInput } from './body-guard';
import type { Config } from './config';
import { DISK_FULL_MESSAGE, diskFolderOf, isDiskFullError, isWritable, noteDiskFull } from './db/disk';
import { HttpError } from './http-errors';
import type { App, AppDeps } from './domain';
import { instrumentApi } from './metrics';
import { reportError } from './observability';
import { backofficeRoutes } from './backoffice/routes';
import { staffCliRoutes } from './backoffice/cli-routes';
import { apiRoutes } from './routes';
import { servicesPlugin } from './services';

export type { App, AppDeps, DomainPlugin } from './domain';

export interface BuildAppOptions extends AppDeps {
  /** A pino logger (server), `true` for Fastify's default, or `false`/omitted for none (tests). */
  logger?: FastifyBaseLogger | boolean;
}

/** Body of every error answer. */
export interface ErrorAnswer {
  error: string;
  message: string;
  field?: string;
}

const MEDIA_MAX_AGE = '365d';
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Builds the API: JSON routes under /api (validated with zod), product media under /media.
 * Does not listen; call `app.listen()` (server.ts) or `app.inject()` (tests).
 */
export function buildApp({ db, config, logger = false }: BuildAppOptions): App {
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    // A request id from the page server (or a load balancer) is kept, so one id runs through both
    // logs; one that could corrupt a log line or grow it is replaced.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  // Counts and times every answer for /metrics (metrics/), served apart when METRICS_PORT is set.
  instrumentApi(app, db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // No answer of ours is ever to be read as another type than the one it declares.
    reply.header('x-content-type-options', 'nosniff');
    // A full disk: reading goes on, changes are refused honestly before they start.
    if (!isWritable(db) && !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && request.url.startsWith('/api/')) {
      return reply.code(503).header('retry-after', '60').send({ error: 'Service Unavailable', message: DISK_FULL_MESSAGE } satisfies ErrorAnswer);
    }
  });
  // Deep nesting and NUL characters are refused here, once for every route (400 naming the field).
  app.addHook('preValidation', guardInput);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const field = path || error.validationContext || 'body';
      return reply.code(400).send({
        error: 'Bad Request',
        message: `${field}: ${issue.message}`,
        field,
      } satisfies ErrorAnswer);
    }
    const statusCode = typeof error?.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Rate limits (429) say when to come back.
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
      // Client errors: ours (HttpError) and Fastify's (bad JSON, body too large, bad media type).
      return reply.code(statusCode).send({
        error: STATUS_CODES[statusCode] ?? 'Error',
        message: error.message,
        ...(error instanceof HttpError && error.field ? { field: error.field } : {}),
      } satisfies ErrorAnswer);
    }
    if (isDiskFullError(error)) {
      noteDiskFull(db);
      request.log.error({ err: error, folder: diskFolderOf(db) ?? 'the PostgreSQL server' }, 'disk full: a write failed');
      return reply.code(503).header('retry-after', '60').send({ error: 'Service Unavailable', message: DISK_FULL_MESSAGE } satisfies ErrorAnswer);
    }
    request.log.error({ err: error }, 'unexpected error');
    reportError(error, { method: request.method, url: request.url, requestId: request.id });
    return reply.code(500).send({
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
    } satisfies ErrorAnswer);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').slice(0, 200);
    return reply.code(404).send({
      error: 'Not Found',
      message: `Nothing at ${request.method} ${path}`,
    } satisfies ErrorAnswer);
  });

  fs.mkdirSync(config.mediaDir, { recursive: true });
  app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    index: false,
    list: false,
    // Media names change when content does (the seed writes new names), so cache for a year.
    maxAge: MEDIA_MAX_AGE,
    immutable: true,
    setHeaders(reply) {
      // Media includes SVG: never let a file run script or load anything in our origin.
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  });

  // Uploaded pictures (the back office's hero images, backoffice/hero-images.ts): runtime data,
  // under DATA_DIR, named by their content, so cached for a year like the rest of /media.
  const uploadsDir = uploadsDirOf(config.dataDir);
  fs.mkdirSync(uploadsDir, { recursive: true });
  app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/media/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    maxAge: MEDIA_MAX_AGE,
    immutable: true,
    setHeaders(reply) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });

  // The composition root first: every domain reads its stores and services from app.services.
  app.register(servicesPlugin, { db, config });
  app.register(apiRoutes, { prefix: '/api', db, config });
  // The back office: not under /api, so the storefront's proxy never reaches it (backoffice/routes.ts).
  app.register(backofficeRoutes, { prefix: '/admin-api', db, config });
  app.register(staffCliRoutes, { prefix: '/staff-cli', db, config });

  return app;
}

/** Fastify takes a hop count at run time but its types do not: give it the equivalent function. */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

function isLoggerInstance(logger: FastifyBaseLogger | boolean): logger is FastifyBaseLogger {
  return typeof logger === 'object' && logger !== null && typeof logger.child === 'function';
}
