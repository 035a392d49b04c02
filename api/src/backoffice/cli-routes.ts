import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { emailSchema } from '@shop/shared/schemas';
import { staffRoleSchema } from '@shop/shared/backoffice';
import { randomToken, safeEqual } from '../auth/crypto';
import { dbKind } from '../db/client';
import type { DomainPlugin } from '../domain';
import { HttpError } from '../http-errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMMAND_LINE } from './activity';
import { acceptCsv, CSV_BODY_LIMIT } from './product-csv';

/** Where a running API on the embedded database tells `npm run staff` how to reach it. */
export const cliFileOf = (dataDir: string) => path.join(dataDir, 'staff-cli.json');

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `npm run staff` while the shop runs on the embedded database (whose folder one process owns):
 * the command asks the running API. Mounted at /staff-cli, which neither the storefront's proxy
 * (/api, /media) nor the back office's (/admin-api) forwards. A call must come from this machine
 * (the socket's address, not X-Forwarded-For) and carry the token the API wrote at start into
 * DATA_DIR/staff-cli.json (mode 0600): whoever may read the database's folder may run it.
 */
export const staffCliRoutes: DomainPlugin = async (app, { db, config }) => {
  const token = randomToken();
  const { staff } = app.services.backoffice;
  const file = cliFileOf(config.dataDir);

  if (dbKind(db) === 'pglite') {
    app.server.once('listening', () => {
      const address = app.server.address() as AddressInfo | null;
      if (!address || typeof address !== 'object') return;
      const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
      try {
        fs.mkdirSync(config.dataDir, { recursive: true });
        fs.writeFileSync(file, JSON.stringify({ url: `http://${host}:${address.port}`, token, pid: process.pid }), { mode: 0o600 });
      } catch (err) {
        app.log.warn({ err }, 'could not write staff-cli.json: `npm run staff` will not reach this API');
      }
    });
    app.addHook('onClose', async () => {
      try {
        const current = JSON.parse(fs.readFileSync(file, 'utf8')) as { token?: string };
        if (current.token === token) fs.rmSync(file, { force: true });
      } catch {
        // already gone
      }
    });
  }

  app.addHook('onRequest', async (request) => {
    const sent = request.headers['x-staff-cli-token'];
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof sent !== 'string' || !safeEqual(sent, token)) {
      throw new HttpError(404, `Nothing at ${request.method} ${request.url.split('?')[0]}`);
    }
  });

  app.post('/add', { schema: { body: z.object({ email: emailSchema, role: staffRoleSchema }) } }, async (request) => {
    const { member, link } = await staff.add(request.body.email, request.body.role, COMMAND_LINE);
    return { email: member.email, role: member.role, link };
  });

  app.get('/list', async () => ({
    items: (await staff.list()).map((m) => ({ email: m.email, role: m.role, status: m.status, created_at: m.createdAt.toISOString() })),
  }));

  app.post('/disable', { schema: { body: z.object({ email: emailSchema }) } }, async (request) => {
    const member = await staff.disable(request.body.email, COMMAND_LINE);
    return { email: member.email, role: member.role, status: member.status };
  });

  await app.register(catalogCliRoutes);
};

/** `npm run catalog` while the shop runs on the embedded database (cli-catalog.ts): the same import and export as the back office's. */
async function catalogCliRoutes(app: Parameters<DomainPlugin>[0]) {
  const { productCsv } = app.services.backoffice;
  acceptCsv(app);
  const csv = app.withTypeProvider<ZodTypeProvider>();
  csv.post(
    '/catalog/import',
    { bodyLimit: CSV_BODY_LIMIT, schema: { querystring: z.object({ apply: z.enum(['0', '1']).default('0'), name: z.string().max(200).optional() }), body: z.string() } },
    async (request) => productCsv.importCsv(request.body, COMMAND_LINE, { apply: request.query.apply === '1', fileName: request.query.name ?? 'products.csv' }),
  );
  csv.get('/catalog/export', async (_request, reply) => reply.type('text/csv; charset=utf-8').send(await productCsv.exportCsv()));
}

/** For tests: the token this app's CLI routes accept is only in the file; tests read it there. */
export const readCliFile = (dataDir: string): { url: string; token: string } | null => {
  try {
    return JSON.parse(fs.readFileSync(cliFileOf(dataDir), 'utf8')) as { url: string; token: string };
  } catch {
    return null;
  }
};
