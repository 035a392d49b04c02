/**
 * A full disk under a running API (embedded database): the data folder is on a small tmpfs, the
 * API runs on it, then the disk is filled. Expected: the log says "disk full" with the folder,
 * the process stops cleanly (exit 1, no hang; changes meanwhile answer 503, see disk.test.ts), a start on that disk is refused naming the cause, and once room is made the
 * API starts again with its data intact. Needs root and permission to mount a tmpfs; elsewhere it
 * says so and skips (the detection itself is unit-tested in src/db/disk.test.ts).
 *
 *   node --import tsx src/reliability/disk-full.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeBytesAt } from '../db/disk';
import { check, confirmOrderBody, postJson, prepareDatabase, readyToPay, spawnApi, stopApi, waitHealthy } from './support';

const MB = 1024 * 1024;
const TMPFS_MB = 160;
const MIN_FREE_MB = 48;

async function main() {
  const mount = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-diskfull-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_MB}m`, 'tmpfs', mount], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    console.log(`disk-full: SKIPPED (cannot mount a tmpfs here: ${(mounted.stderr || mounted.error?.message || '').trim()})`);
    fs.rmSync(mount, { recursive: true, force: true });
    return;
  }
  const started = Date.now();
  try {
    const dataDir = path.join(mount, 'data');
    const [product] = await prepareDatabase(dataDir, 1, 100);
    const env = { DATA_DIR: dataDir, DISK_MIN_FREE_MB: String(MIN_FREE_MB), GUEST_BASKETS_PER_CLIENT: '0' };
    const api = await spawnApi(env);
    await waitHealthy(api);
    const before = await readyToPay(api.url, product!.sku, 1);
    const placed = await postJson(`${api.url}/api/cart/confirm-order`, confirmOrderBody(before.cartId, before.pm));
    check(placed.status === 200, `an order before the disk fills: ${placed.status} ${JSON.stringify(placed.json)}`);

    // Fill the disk, leaving less than the margin (but enough that PGlite itself is not yet stuck).
    const free = await freeBytesAt(dataDir);
    const filler = path.join(mount, 'filler');
    const fd = fs.openSync(filler, 'w');
    const chunk = Buffer.alloc(MB);
    for (let i = 0; i < Math.floor(free / MB) - (MIN_FREE_MB - 16); i++) fs.writeSync(fd, chunk);
    fs.closeSync(fd);

    const line = await api.waitForLine(/disk full/, 15_000);
    check(line.includes(dataDir), `the log names the folder: ${line}`);
    const how = await Promise.race([api.exited, new Promise((r) => setTimeout(() => r('hung'), 15_000))]);
    check(how === 1, `the API stops cleanly with exit code 1 on a full disk (it ended: ${String(how)})`);
    check(api.lines.some((l) => /"stopped"|stopped/.test(l)), 'the API logged its clean stop');

    const again = await spawnApi(env);
    const refused = await Promise.race([again.exited, new Promise((r) => setTimeout(() => r('hung'), 30_000))]);
    check(refused === 1, `a start on the full disk is refused (it ended: ${String(refused)})`);
    check(again.lines.some((l) => l.includes(`disk full: ${dataDir} has`)), `the refusal names the cause:\n${again.lines.join('\n')}`);

    fs.rmSync(filler);
    const recovered = await spawnApi(env);
    await waitHealthy(recovered);
    const health = (await (await fetch(`${recovered.url}/api/health`)).json()) as { database: { writable?: boolean } };
    check(health.database.writable === true, 'writable again once there is room');
    const after = await readyToPay(recovered.url, product!.sku, 1);
    check(after.cartId.length > 0, 'baskets work again');
    check((await stopApi(recovered)) === 0, 'a clean stop after recovery');
    console.log(`disk-full (PGlite on a ${TMPFS_MB} MB tmpfs): detected, logged with the folder, stopped cleanly, refused at start, recovered (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    spawnSync('umount', ['-l', mount]);
    fs.rmSync(mount, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
