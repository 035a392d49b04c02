/**
 * `npm run catalog -- import <file> [--apply]` and `npm run catalog -- export <file>`: products and
 * stock as CSV (product-csv.ts), while the shop runs, with the settings of `npm start`.
 *
 * As `npm run staff` (cli.ts): on PostgreSQL (DATABASE_URL) it works on the database itself, and
 * its notification tells every API process of the change; on the embedded database, whose folder
 * one process owns, it asks the running API (DATA_DIR/staff-cli.json, cli-routes.ts); with no shop
 * running it opens the folder itself. A dry run (no --apply) changes nothing and exits 1 when the
 * file has problems, listing each by row and column.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ImportReport } from '@shop/shared/backoffice';
import { createCatalogChanges } from '../catalog/changes';
import { loadConfig } from '../config';
import { closeDb, openDb } from '../db/client';
import { migrateDb } from '../db/migrate';
import { HttpError } from '../http-errors';
import { COMMAND_LINE, createActivityLog } from './activity';
import { readCliFile } from './cli-routes';
import { createProductCsv } from './product-csv';

const USAGE = `Usage:
  npm run catalog -- import <file.csv>            check the file: each row's problems, nothing changed
  npm run catalog -- import <file.csv> --apply    apply it in one transaction (all or nothing)
  npm run catalog -- export <file.csv>            write every product`;

type Command = { name: 'import'; file: string; apply: boolean } | { name: 'export'; file: string };

export function parseCatalogArgs(argv: string[], cwd = process.cwd()): Command {
  const [name, ...rest] = argv;
  const unknown = rest.find((a) => a.startsWith('--') && a !== '--apply');
  if (unknown) throw new Error(`Unknown option ${unknown}.\n${USAGE}`);
  const files = rest.filter((a) => !a.startsWith('--'));
  if ((name !== 'import' && name !== 'export') || files.length !== 1) throw new Error(USAGE);
  const file = path.resolve(cwd, files[0]!);
  if (name === 'export') {
    if (rest.includes('--apply')) throw new Error(`--apply is for import.\n${USAGE}`);
    return { name, file };
  }
  return { name, file, apply: rest.includes('--apply') };
}

/** Prints a report; answers the exit code (1 when the file has problems). */
export function printReport(report: ImportReport, apply: boolean, log: (line: string) => void = console.log): number {
  for (const p of report.problems) log(`row ${p.row}${p.column ? `, ${p.column}` : ''}: ${p.message}`);
  if (report.moreProblems > 0) log(`… and ${report.moreProblems} more problems.`);
  const counts = `${report.rows} ${report.rows === 1 ? 'row' : 'rows'}: ${report.created} new, ${report.updated} changed, ${report.unchanged} unchanged`;
  const problems = report.problems.length + report.moreProblems;
  if (problems > 0) {
    log(`${counts}; ${problems} ${problems === 1 ? 'problem' : 'problems'}. Nothing was changed.`);
    return 1;
  }
  log(report.applied ? `Applied. ${counts}.` : `${counts}. No problems. Nothing was changed yet: run again with --apply to apply it.`);
  return 0;
}

async function viaApi(url: string, token: string, command: Command): Promise<{ report?: ImportReport; csv?: string }> {
  const headers = { 'x-staff-cli-token': token };
  if (command.name === 'export') {
    const res = await fetch(`${url}/staff-cli/catalog/export`, { headers });
    if (!res.ok) throw new Error(`The running API answered ${res.status}`);
    return { csv: await res.text() };
  }
  const query = `apply=${command.apply ? 1 : 0}&name=${encodeURIComponent(path.basename(command.file))}`;
  const res = await fetch(`${url}/staff-cli/catalog/import?${query}`, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body: fs.readFileSync(command.file) });
  const answer = (await res.json().catch(() => ({}))) as ImportReport & { message?: string };
  if (!res.ok) throw new Error(answer.message ?? `The running API answered ${res.status}`);
  return { report: answer };
}

async function direct(config: ReturnType<typeof loadConfig>, command: Command): Promise<{ report?: ImportReport; csv?: string }> {
  const db = await openDb(config, { poolSize: 2 });
  const changes = createCatalogChanges(db, { databaseUrl: config.databaseUrl });
  try {
    await migrateDb(db);
    const csv = createProductCsv({ db, activity: createActivityLog(db), changes });
    if (command.name === 'export') return { csv: await csv.exportCsv() };
    const progress = process.stderr.isTTY && command.apply;
    const report = await csv.importCsv(fs.readFileSync(command.file, 'utf8'), COMMAND_LINE, {
      apply: command.apply,
      fileName: path.basename(command.file),
      onProgress: progress ? (done, total) => process.stderr.write(`\rApplying: ${done} of ${total} products`) : undefined,
    });
    if (progress) process.stderr.write('\n');
    return { report };
  } finally {
    await changes.close();
    await closeDb(db);
  }
}

async function main() {
  const command = parseCatalogArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  if (command.name === 'import' && !fs.existsSync(command.file)) throw new Error(`There is no file ${command.file}.`);
  const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', PORT: undefined, LOG_LEVEL: 'silent' });
  let answer: { report?: ImportReport; csv?: string } | undefined;
  if (!config.databaseUrl) {
    const running = readCliFile(config.dataDir);
    if (running) {
      try {
        answer = await viaApi(running.url, running.token, command);
      } catch (error) {
        // A file left by an API that is gone: open the folder directly (refused if someone holds it).
        if (!(error instanceof TypeError)) throw error;
      }
    }
  }
  answer ??= await direct(config, command);
  if (command.name === 'export') {
    fs.writeFileSync(command.file, answer.csv!);
    console.log(`Wrote every product to ${command.file}.`);
    return;
  }
  process.exitCode = printReport(answer.report!, command.apply);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof HttpError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
