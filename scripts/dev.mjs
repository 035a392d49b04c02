#!/usr/bin/env node
// `npm run dev`: every app on its own port with watch mode, for teams working on the shop.
//   shell :3000 (uses shell/public/remotes.json) · catalog :3001 · content :3002 · account :3003
//   checkout :3004 · API :8081 (the dev servers proxy /api and /media to it)
// One app alone: `npm run dev -w catalog-mfe` (its standalone host) plus `npm run dev -w @shop/api`.
import { spawn } from 'node:child_process';

const apps = [
  ['api', ['run', 'dev', '-w', '@shop/api']],
  ['shell', ['run', 'dev', '-w', 'shell']],
  ['catalog', ['run', 'dev', '-w', 'catalog-mfe']],
  ['content', ['run', 'dev', '-w', 'content-mfe']],
  ['account', ['run', 'dev', '-w', 'account-mfe']],
  ['checkout', ['run', 'dev', '-w', 'checkout-mfe']],
];

// The shop a developer opens is the shell's dev server: links in the API's mail point there.
const env = { ...process.env, SHOP_URL: process.env.SHOP_URL || 'http://localhost:3000' };

const children = apps.map(([name, args]) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n') + '\n';
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  return child;
});

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
