// `npm run test:scripts` (node:test): what `npm start` prints, decided and formatted, and how its
// first build is shared out. The whole start under a pseudo-terminal is e2e/tests/start.spec.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import {
  createLinePrettifier,
  createStartLog,
  describeDatabase,
  describePayments,
  outputMode,
  serviceLogLevel,
  summaryText,
} from './start-output.mjs';
import { backOfficeApps, balance, frontEnds, storefrontApps } from './shop-build.mjs';

const sink = () => {
  const chunks = [];
  const stream = new Writable({ write: (chunk, _enc, done) => (chunks.push(chunk.toString()), done()) });
  return { stream, text: () => chunks.join('') };
};

describe('outputMode', () => {
  it('is readable on a terminal and JSON lines for machines', () => {
    assert.equal(outputMode({}, true), 'pretty');
    assert.equal(outputMode({}, false), 'json');
  });
  it('follows LOG_FORMAT when set, and refuses anything else', () => {
    assert.equal(outputMode({ LOG_FORMAT: 'json' }, true), 'json');
    assert.equal(outputMode({ LOG_FORMAT: 'JSON ' }, true), 'json');
    assert.equal(outputMode({ LOG_FORMAT: 'pretty' }, false), 'pretty');
    assert.equal(outputMode({ LOG_FORMAT: '' }, false), 'json');
    assert.throws(() => outputMode({ LOG_FORMAT: 'yaml' }, true), /LOG_FORMAT must be json or pretty, got "yaml"/);
  });
  it('gives the services warnings and up on a terminal, every request for machines, LOG_LEVEL when set', () => {
    assert.equal(serviceLogLevel({}, 'pretty'), 'warn');
    assert.equal(serviceLogLevel({}, 'json'), 'info');
    assert.equal(serviceLogLevel({ LOG_LEVEL: 'debug' }, 'pretty'), 'debug');
  });
});

describe('createLinePrettifier', () => {
  const prettify = createLinePrettifier({ colorize: false });
  const line = (record) => JSON.stringify({ time: Date.UTC(2026, 10, 27, 3, 0, 0), pid: 4242, hostname: 'box', service: 'shop-api', version: '0.1.0', ...record });

  it('makes a pino warning one readable line, labelled with its service, without pid, host or version', () => {
    const out = prettify(line({ level: 40, msg: 'payment provider unknown (the shell will ask the API)', err: { type: 'TypeError', message: 'fetch failed', stack: 'TypeError: fetch failed\n    at x (y.js:1:1)' } }), 'page server');
    assert.equal(out.split('\n').filter(Boolean).length, 1, out);
    assert.match(out, /^\[?\d\d:\d\d:\d\d\]? WARN \(page server\): payment provider unknown \(the shell will ask the API\)/);
    assert.match(out, /payment provider unknown \(the shell will ask the API\) \(TypeError: fetch failed\)$/m);
    assert.doesNotMatch(out, /4242|box|shop-api|0\.1\.0|"level"|\{"/);
    assert.doesNotMatch(out, /    at /);
  });

  it('keeps the stack of an error (a bug to look into)', () => {
    const out = prettify(line({ level: 50, msg: 'request failed', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (routes.ts:10:5)' } }), 'api');
    assert.match(out, /ERROR \(api\): request failed/);
    assert.match(out, /at handler \(routes\.ts:10:5\)/);
  });

  it('shows a refusal to start as one line', () => {
    const out = prettify(line({ level: 60, refused: 'DatabaseLockedError', msg: 'The embedded database /srv/shop/data is in use by process 77. Stop it first, or set DATA_DIR to another folder, or DATABASE_URL to a PostgreSQL server.' }), 'api');
    assert.equal(out.split('\n').filter(Boolean).length, 1, out);
    assert.match(out, /FATAL \(api\): The embedded database \/srv\/shop\/data is in use by process 77\./);
  });

  it('passes other lines through unchanged', () => {
    assert.equal(prettify('Invalid environment: PORT: Invalid input', 'api'), 'Invalid environment: PORT: Invalid input\n');
    assert.equal(prettify('{not json', 'api'), '{not json\n');
    assert.equal(prettify('{"a":1}', 'api'), '{"a":1}\n');
  });
});

describe('the summary', () => {
  it('lines up one row per line under its title', () => {
    const text = summaryText('The shop is running', [['Shop', 'http://localhost:8080'], ['Back office', 'http://localhost:8082'], ['Database', 'embedded PGlite in /srv/data']], 'Ctrl-C stops the shop.');
    assert.equal(
      text,
      '\n  The shop is running\n\n  Shop          http://localhost:8080\n  Back office   http://localhost:8082\n  Database      embedded PGlite in /srv/data\n\n  Ctrl-C stops the shop.\n\n',
    );
  });

  it('is one JSON line with a field per row for machines, and plain text on a terminal', () => {
    const rows = [['Shop', 'http://localhost:18600'], ['Back office', 'http://localhost:18602'], ['Payments', 'Stripe']];
    const json = sink();
    createStartLog('json', { stdout: json.stream }).summary('The shop is running', rows, 'Ctrl-C stops the shop.');
    const lines = json.text().trim().split('\n');
    assert.equal(lines.length, 1);
    assert.deepEqual(
      (({ level, name, msg, shop, backOffice, payments }) => ({ level, name, msg, shop, backOffice, payments }))(JSON.parse(lines[0])),
      { level: 30, name: 'start', msg: 'The shop is running', shop: 'http://localhost:18600', backOffice: 'http://localhost:18602', payments: 'Stripe' },
    );
    const pretty = sink();
    createStartLog('pretty', { stdout: pretty.stream }).summary('The shop is running', rows, 'Ctrl-C stops the shop.');
    assert.match(pretty.text(), /^\n {2}The shop is running\n\n {2}Shop {10}http:\/\/localhost:18600\n/);
  });

  it('names the database without its credentials', () => {
    assert.equal(describeDatabase({ kind: 'pglite', dataDir: '/srv/shop/data' }), 'embedded PGlite in /srv/shop/data');
    assert.equal(describeDatabase({ kind: 'postgres', databaseUrl: 'postgres://shop:s3cret@db.internal:5433/membranes' }), 'PostgreSQL at db.internal:5433/membranes');
    assert.equal(describeDatabase({ kind: 'postgres', apiUrl: 'http://api.internal:8081' }), 'PostgreSQL of the API at http://api.internal:8081');
  });

  it('says when payments are test payments', () => {
    assert.match(describePayments('test'), /^test mode: no money is taken/);
    assert.equal(describePayments('stripe'), 'Stripe');
  });
});

describe('the first build', () => {
  it('shares the apps out between the processes by cost, the shell counting double', () => {
    assert.deepEqual(balance(frontEnds, 2), [['shell', 'account-mfe', 'admin'], ['catalog-mfe', 'content-mfe', 'checkout-mfe']]);
    // The storefront alone (what the page server waits for) shares out evenly; the back office follows.
    assert.deepEqual(balance(storefrontApps, 2), [['shell', 'account-mfe'], ['catalog-mfe', 'content-mfe', 'checkout-mfe']]);
    assert.deepEqual(backOfficeApps.map((f) => f.app), ['admin']);
    assert.deepEqual(balance(frontEnds, 1), [frontEnds.map((f) => f.app)]);
    assert.deepEqual(balance(frontEnds.slice(1, 2), 2), [['catalog-mfe']]);
  });

  it('writes no source maps (npm run build does: they are for error reporting) and minifies in process, the bundles otherwise alike', () => {
    const require = createRequire(import.meta.url);
    const configs = (env) => require('./webpack.shop.cjs')({ apps: 'shell,catalog-mfe', shop: true, ...env }, { mode: 'production' });
    const browser = (list) => list.filter((c) => c.target !== 'async-node');
    const first = configs({ sourceMaps: 'false', minifyWorkers: 'false' });
    const built = configs({});
    assert.equal(browser(first).length, 2);
    assert.deepEqual(browser(first).map((c) => c.devtool), [false, false]);
    assert.deepEqual(browser(built).map((c) => c.devtool), ['hidden-source-map', 'hidden-source-map']);
    const minimizers = (c) => c.optimization?.minimizer ?? [];
    const parallel = (list) => browser(list).flatMap((c) => minimizers(c).map((m) => m.options.parallel));
    assert.deepEqual(parallel(first), [false, false]);
    assert.deepEqual(parallel(built), [true, true]);
    // Nothing else differs: the same minifier and options, plugins and outputs.
    const strip = (c) => JSON.stringify({ ...c, devtool: null, optimization: { ...c.optimization, minimizer: minimizers(c).map((m) => ({ ...m.options, parallel: null })) } });
    assert.deepEqual(first.map(strip), built.map(strip));
  });

  it('names to Module Federation the webpack it uses anyway, sparing its costly look-up', () => {
    const require = createRequire(import.meta.url);
    require('../../shared/build/webpack.cjs');
    const named = process.env.FEDERATION_WEBPACK_PATH;
    // The webpack that webpack-cli runs, and the one Module Federation requires when its look-up
    // (webpack called without options, the path read off the validation error) finds nothing.
    assert.equal(named, require.resolve('webpack'));
    assert.equal(named, createRequire(require.resolve('@module-federation/enhanced/webpack')).resolve('webpack'));
  });

  it('builds every workspace that has a build (an app that joins the shop joins the first build)', () => {
    const root = new URL('../../', import.meta.url);
    const { workspaces } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
    const built = workspaces.filter((dir) => JSON.parse(readFileSync(new URL(`${dir}/package.json`, root), 'utf8')).scripts?.build);
    assert.deepEqual(frontEnds.map((f) => f.app).sort(), built.sort());
  });
});
