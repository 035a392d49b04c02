/**
 * Crash and reconcile, with real processes: for each fault point between the steps of placing an
 * order, the API is started with that point armed to SIGKILL itself, a shopper confirms an order,
 * the process dies there; then the API starts again on the same data (PGlite folder, or
 * PostgreSQL with DATABASE_URL) and reconciles at start. At the end the database must show: every payment
 * the provider took has exactly one paid order and one confirmation mail, no attempt is left
 * holding stock, and the stock adds up.
 *
 *   node --import tsx src/reliability/kill-restart.ts                       # PGlite
 *   node ../scripts/with-postgres.mjs node --import tsx src/reliability/kill-restart.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDb, queryRows } from '../db/client';
import { CHECKOUT_FAULT_POINTS } from '../faults';
import { check, confirmOrderBody, openRunDb, postJson, prepareDatabase, readyToPay, spawnApi, endAfterFault, stopApi, waitHealthy, waitReconciledAndArmed } from './support';

const STOCK = 100;
const QTY = 2;

async function main() {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-kill-'));
  const started = Date.now();
  try {
    const [product] = await prepareDatabase(dataDir, 1, STOCK);
    const env = { DATA_DIR: dataDir, GUEST_BASKETS_PER_CLIENT: '0' };
    // Each start reconciles what the previous kill left, then has its fault point armed.
    for (const point of CHECKOUT_FAULT_POINTS) {
      const api = await spawnApi({ ...env, SHOP_FAULTS: `${point}=kill` });
      await waitHealthy(api);
      const reconciled = JSON.parse(await waitReconciledAndArmed(api, true)) as { settled: number; retried: number };
      const { cartId, pm } = await readyToPay(api.url, product!.sku, QTY);
      const answer = await postJson(`${api.url}/api/cart/confirm-order`, confirmOrderBody(cartId, pm)).catch((error: Error) => error);
      const how = await endAfterFault(api, answer);
      check(how === 'SIGKILL', `${point}: the API should have died there (it ended with ${how}; answer ${JSON.stringify(answer)})`);
      console.log(`  started (reconciled: settled ${reconciled.settled}, retried ${reconciled.retried}); killed at ${point}`);
      if (onPostgres) {
        // Several instances may share PostgreSQL, so an attempt counts as dead after 30 s without
        // news: let that time pass for the one this kill left.
        const db = await openRunDb(dataDir);
        await db.execute(sql`update payments set updated_at = now() - interval '1 minute' where status = 'creating'`);
        await closeDb(db);
      }
    }
    // A last start reconciles the last kill; then a graceful stop, and the books are checked.
    const api = await spawnApi(env);
    await waitHealthy(api);
    await api.waitForLine(/payment reconciliation at start done/, 30_000);
    check((await stopApi(api)) === 0, 'the API should stop cleanly on SIGTERM');

    const db = await openRunDb(dataDir);
    try {
      const unpaid = await queryRows(
        db,
        sql`select i.id from test_payment_intents i left join payments p on p.idempotency_key = i.idempotency_key
            left join orders o on o.id = p.order_id
            where i.status = 'succeeded' and (p.paid_at is null or o.status is distinct from 'processing')`,
      );
      check(unpaid.length === 0, `money taken without a paid order: ${JSON.stringify(unpaid)}`);
      const holding = await queryRows(db, sql`select id, status from payments where status in ('creating', 'requires_action', 'processing')`);
      check(holding.length === 0, `attempts still holding stock: ${JSON.stringify(holding)}`);
      const [paid] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where status = 'processing'`);
      check(paid!.n === CHECKOUT_FAULT_POINTS.length, `expected ${CHECKOUT_FAULT_POINTS.length} paid orders, found ${paid!.n}`);
      const [pending] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where status = 'pending'`);
      check(pending!.n === 0, `${pending!.n} orders left pending`);
      const [stock] = await queryRows<{ qty: number }>(db, sql`select qty from product_stock where product_id = ${product!.id}`);
      check(stock!.qty === STOCK - QTY * CHECKOUT_FAULT_POINTS.length, `stock ${stock!.qty}, expected ${STOCK - QTY * CHECKOUT_FAULT_POINTS.length}`);
      const notes = await queryRows<{ order_id: number; n: number }>(
        db,
        sql`select order_id, count(*)::int as n from order_status_history where comment like 'Payment of %' group by order_id having count(*) <> 1`,
      );
      check(notes.length === 0, `orders marked paid more than once: ${JSON.stringify(notes)}`);
      const [mails] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from mail_outbox where template = 'order_confirmation'`);
      check(mails!.n === CHECKOUT_FAULT_POINTS.length, `${mails!.n} confirmation mails for ${CHECKOUT_FAULT_POINTS.length} orders`);
    } finally {
      await closeDb(db);
    }
    console.log(`kill-restart (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${CHECKOUT_FAULT_POINTS.length} kills, every payment has one paid order, stock adds up (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
