// Runs one npm script in every workspace that has it (the root package.json's `workspaces`, in
// that order), a few at a time, each output line prefixed with the workspace's folder. It replaces
// lerna, which the shop used for nothing else and which brought about 400 packages into every
// `npm install`. The workspaces do not build on each other (shared is consumed as source), so no
// ordering beyond the list is needed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

/** The workspaces (folders, in the root's order) whose package.json has `script`. */
export function workspacesWith(root, script) {
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return workspaces.filter((folder) => {
    const file = path.join(root, folder, 'package.json');
    return existsSync(file) && Boolean(JSON.parse(readFileSync(file, 'utf8')).scripts?.[script]);
  });
}

/**
 * `npm run <script>` in each workspace that has it, `concurrency` at a time. With `bail`, a
 * failure starts no further workspace (those running finish); without, every one runs. Answers the
 * folders that ran and those that failed.
 */
export async function runInWorkspaces({ root, script, concurrency = 1, bail = true, out = process.stdout, npm = 'npm' }) {
  const queue = workspacesWith(root, script);
  const ran = [];
  const failed = [];
  const width = Math.max(0, ...queue.map((folder) => folder.length));
  const runOne = (folder) =>
    new Promise((resolve) => {
      const child = spawn(npm, ['run', script], { cwd: path.join(root, folder), stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      const prefix = `${folder.padEnd(width)} | `;
      for (const stream of [child.stdout, child.stderr]) {
        readline.createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
      }
      child.on('error', (error) => {
        out.write(`${prefix}${error.message}\n`);
        resolve(1);
      });
      child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  const worker = async () => {
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      if (bail && failed.length > 0) return;
      ran.push(folder);
      if ((await runOne(folder)) !== 0) failed.push(folder);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { ran, failed };
}

// node scripts/lib/workspaces.mjs <script> [--concurrency N] [--no-bail]
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const script = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--concurrency');
  if (!script) {
    console.error('usage: node scripts/lib/workspaces.mjs <script> [--concurrency N] [--no-bail]');
    process.exit(2);
  }
  const at = args.indexOf('--concurrency');
  const concurrency = at >= 0 ? Number(args[at + 1]) : 1;
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
  const { ran, failed } = await runInWorkspaces({ root, script, concurrency, bail: !args.includes('--no-bail') });
  if (failed.length > 0) {
    console.error(`\n✗ npm run ${script} failed in ${failed.join(', ')} (ran in ${ran.length} workspace${ran.length === 1 ? '' : 's'})`);
    process.exit(1);
  }
  console.log(`\n✓ npm run ${script} passed in ${ran.length} workspace${ran.length === 1 ? '' : 's'}: ${ran.join(', ')}`);
}
