/**
 * Crash and reconcile for refunds, with real processes: for each fault point between the steps of
 * a refund from the back office, a paid order is placed, the API is started with that point armed
 * to SIGKILL itself, an orders staff member refunds the order in full and the process dies there;
 * then the API starts again on the same data, reconciles at start, and the staff member's page,
 * which never had an answer, sends the same request again. At the end the database must show:
 * every refund the provider made recorded once as succeeded and nothing more refunded, no refund
 * left unfinished, every order closed once with one refund mail and one activity-log entry, and
 * the stock as the orders left it (a refund gives money back, not stock).
 *
 *   node --import tsx src/reliability/kill-refund.ts                       # PGlite
 *   node ../scripts/with-postgres.mjs node --import tsx src/reliability/kill-refund.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createActivityLog, COMMAND_LINE } from '../backoffice/activity';
import { createStaffService } from '../backoffice/staff';
import { codeAt, setupTokenOf, STAFF_PASSWORD } from '../backoffice/test-helpers';
import { closeDb, queryRows } from '../db/client';
import { REFUND_FAULT_POINTS } from '../faults';
import { check, confirmOrderBody, openRunDb, postJson, prepareDatabase, readyToPay, spawnApi, endAfterFault, stopApi, waitHealthy, waitReconciledAndArmed, type ApiProcess } from './support';

const STOCK = 100;
const QTY = 2;

interface Staff {
  cookie: string;
  csrfToken: string;
}

/** A back-office call as the signed-in staff member (the session lives in the database across restarts). */
async function asStaff(api: ApiProcess, who: Staff, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await fetch(`${api.url}${url}`, {
    method,
    headers: { cookie: who.cookie, ...(method === 'POST' ? { 'x-csrf-token': who.csrfToken, 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as any };
}

/** An orders staff member added as `npm run staff` does, set up (password, authenticator) and signed in over HTTP. */
async function signIn(api: ApiProcess, link: string, email: string): Promise<Staff> {
  const token = setupTokenOf(link);
  const setup = await postJson(`${api.url}/admin-api/setup/password`, { token, password: STAFF_PASSWORD });
  check(setup.status === 200, `set-up: ${setup.status} ${JSON.stringify(setup.json)}`);
  const secret = setup.json.secret as string;
  const confirmed = await postJson(`${api.url}/admin-api/setup/confirm`, { token, code: await codeAt(secret) });
  check(confirmed.status === 200, `set-up confirm: ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
  const res = await fetch(`${api.url}/admin-api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STAFF_PASSWORD, code: await codeAt(secret, 1) }),
  });
  const text = await res.text();
  check(res.status === 200, `sign-in: ${res.status} ${text}`);
  const session = res.headers.getSetCookie().find((c) => c.startsWith('staff_session='));
  check(session, 'sign-in set no session cookie');
  return { cookie: session.split(';')[0]!, csrfToken: (JSON.parse(text) as { csrfToken: string }).csrfToken };
}

/** Every API this run started (ended, if still running, when the run ends). */
const running = new Set<ApiProcess>();

async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const api = await spawnApi(env);
  running.add(api);
  await waitHealthy(api);
  await waitReconciledAndArmed(api, Boolean(env.SHOP_FAULTS));
  return api;
}

/** A refund left unanswered by a killed process is old by the next start (reconciliation retries those older than 30 s). */
async function ageUnfinishedRefunds(dataDir: string) {
  const db = await openRunDb(dataDir);
  try {
    await db.execute(sql`update payment_refunds set updated_at = now() - interval '1 minute' where status = 'requested'`);
  } finally {
    await closeDb(db);
  }
}

async function main() {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-kill-refund-'));
  const started = Date.now();
  try {
    const [product] = await prepareDatabase(dataDir, 1, STOCK);
    const env = { DATA_DIR: dataDir, GUEST_BASKETS_PER_CLIENT: '0' };
    const email = `orders.${process.pid}@northgate.example`;
    const setupDb = await openRunDb(dataDir);
    const { link } = await createStaffService({ db: setupDb, activity: createActivityLog(setupDb), adminUrl: 'http://localhost' }).add(email, 'orders', COMMAND_LINE);
    await closeDb(setupDb);

    let api = await startApi(env);
    const staff = await signIn(api, link, email);
    await stopApi(api);

    for (const point of REFUND_FAULT_POINTS) {
      api = await startApi({ ...env, SHOP_FAULTS: `${point}=kill` });
      const { cartId, pm } = await readyToPay(api.url, product!.sku, QTY);
      const confirmed = await postJson(`${api.url}/api/cart/confirm-order`, confirmOrderBody(cartId, pm));
      check(confirmed.status === 200, `confirm-order: ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
      const newest = await asStaff(api, staff, 'GET', '/admin-api/orders?page=1');
      check(newest.status === 200, `orders: ${newest.status} ${JSON.stringify(newest.json)}`);
      const orderId = newest.json.items[0].id as number;
      const detail = await asStaff(api, staff, 'GET', `/admin-api/orders/${orderId}`);
      const body = { requestKey: `kill-${point.replace(/\W/g, '-')}-${process.pid}`, amountPence: detail.json.payment.paid_pence as number, includeDelivery: false, reason: 'Returned unopened.' };
      const answer = await asStaff(api, staff, 'POST', `/admin-api/orders/${orderId}/refund`, body).catch((error: Error) => error);
      const how = await endAfterFault(api, answer);
      check(how === 'SIGKILL', `${point}: the API should have died there (it ended with ${how}; answer ${JSON.stringify(answer)})`);
      await ageUnfinishedRefunds(dataDir);
      // The restart reconciles what the kill left; then the page, which never had an answer, sends
      // the same request again (twice: an impatient double click), and the API stops gracefully.
      api = await startApi(env);
      for (let i = 0; i < 2; i++) {
        const again = await asStaff(api, staff, 'POST', `/admin-api/orders/${orderId}/refund`, body);
        check(again.status === 200, `${point}: the retried refund answered ${again.status}: ${JSON.stringify(again.json)}`);
      }
      check((await stopApi(api)) === 0, 'the API should stop cleanly on SIGTERM');
      console.log(`  killed at ${point}; restarted, reconciled, the request sent again: done`);
    }

    const db = await openRunDb(dataDir);
    try {
      const n = REFUND_FAULT_POINTS.length;
      // The provider's refunds and the shop's, payment by payment: the same money, once.
      const disagree = await queryRows(
        db,
        sql`select p.id, p.amount_pence,
                   (select coalesce(sum(r.amount), 0)::int from test_payment_refunds r where r.intent_id = p.intent_id and r.status = 'succeeded') as at_provider,
                   (select coalesce(sum(r.amount_pence), 0)::int from payment_refunds r where r.payment_id = p.id and r.status = 'succeeded') as recorded
            from payments p where p.paid_at is not null`,
      );
      check(disagree.length === n, `expected ${n} paid payments, found ${disagree.length}`);
      for (const row of disagree as Array<{ id: number; amount_pence: number; at_provider: number; recorded: number }>) {
        check(row.at_provider === row.amount_pence && row.recorded === row.amount_pence, `payment ${row.id}: paid ${row.amount_pence}, refunded ${row.at_provider} by the provider, ${row.recorded} recorded`);
      }
      const unfinished = await queryRows(db, sql`select id, status from payment_refunds where status not in ('succeeded')`);
      check(unfinished.length === 0, `refunds not finished or failed: ${JSON.stringify(unfinished)}`);
      const orders = await queryRows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from orders group by status`);
      check(orders.length === 1 && orders[0]!.status === 'closed' && orders[0]!.n === n, `every order should be closed: ${JSON.stringify(orders)}`);
      const closings = await queryRows(db, sql`select order_id from order_status_history where comment like '%the order is closed%' group by order_id having count(*) <> 1`);
      check(closings.length === 0, `orders closed more or less than once: ${JSON.stringify(closings)}`);
      const [mails] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from mail_outbox where template = 'order_refunded'`);
      check(mails!.n === n, `${mails!.n} refund mails for ${n} refunds`);
      const [logged] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from staff_activity where action = 'order.refund'`);
      check(logged!.n === n, `${logged!.n} refunds in the activity log for ${n}`);
      const [stock] = await queryRows<{ qty: number }>(db, sql`select qty from product_stock where product_id = ${product!.id}`);
      check(stock!.qty === STOCK - QTY * n, `stock ${stock!.qty}, expected ${STOCK - QTY * n} (a refund does not restock)`);
    } finally {
      await closeDb(db);
    }
    console.log(
      `kill-refund (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${REFUND_FAULT_POINTS.length} kills, every refund made once and recorded once, orders closed, stock adds up (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    // A failed check leaves the API of the moment running: end it before its folder goes.
    for (const api of running) if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
    await Promise.all([...running].map((api) => api.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
