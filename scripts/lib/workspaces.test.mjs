// `npm run test:scripts` (node:test): the runner that replaced lerna for build, typecheck, test
// and the deploy checks, on throwaway workspaces.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { runInWorkspaces, workspacesWith } from './workspaces.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'workspaces-test-'));
after(() => rmSync(root, { recursive: true, force: true }));
const workspace = (folder, scripts) => {
  mkdirSync(path.join(root, folder));
  writeFileSync(path.join(root, folder, 'package.json'), JSON.stringify({ name: folder, version: '1.0.0', scripts }));
};
writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'root', private: true, workspaces: ['a', 'b', 'c', 'd'] }));
workspace('a', { check: 'node -e "console.log(\'a ok\')"' });
workspace('b', {});
workspace('c', { check: 'node -e "console.error(\'c broke\'); process.exit(3)"' });
workspace('d', { check: 'node -e "console.log(\'d ok\')"' });

const sink = () => {
  const chunks = [];
  return { stream: new Writable({ write: (chunk, _enc, done) => (chunks.push(chunk.toString()), done()) }), text: () => chunks.join('') };
};

describe('runInWorkspaces', () => {
  it('takes the workspaces that have the script, in the root order', () => {
    assert.deepEqual(workspacesWith(root, 'check'), ['a', 'c', 'd']);
  });
  it('with bail, starts nothing after a failure', async () => {
    const out = sink();
    const result = await runInWorkspaces({ root, script: 'check', concurrency: 1, out: out.stream });
    assert.deepEqual(result, { ran: ['a', 'c'], failed: ['c'] });
    assert.match(out.text(), /^a \| a ok$/m);
    assert.match(out.text(), /^c \| c broke$/m);
    assert.doesNotMatch(out.text(), /d ok/);
  });
  it('without bail, runs every one (two at a time) and names the failed', async () => {
    const out = sink();
    const result = await runInWorkspaces({ root, script: 'check', concurrency: 2, bail: false, out: out.stream });
    assert.deepEqual([...result.ran].sort(), ['a', 'c', 'd']);
    assert.deepEqual(result.failed, ['c']);
    assert.match(out.text(), /^d \| d ok$/m);
  });
});
