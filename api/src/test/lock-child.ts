/**
 * A process that tries to lock a PGlite folder when told "go" on stdin (for the lock race tests):
 * prints "ready", then "locked" (and holds the lock until killed or stdin closes) or "refused <why>".
 * Usage: node --import tsx src/test/lock-child.ts <folder> [socket|file]
 */
import { lockDataDir } from '../db/lock';

const [dir, mode = 'socket'] = process.argv.slice(2);
let input = '';
let started = false;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  input += chunk;
  if (started || !input.includes('go\n')) return;
  started = true;
  lockDataDir(dir!, { useSocket: mode === 'socket' }).then(
    () => process.stdout.write('locked\n'),
    (error: Error) => {
      process.stdout.write(`refused ${error.message}\n`);
      process.exit(0);
    },
  );
});
process.stdin.on('end', () => process.exit(0));
process.stdout.write('ready\n');
