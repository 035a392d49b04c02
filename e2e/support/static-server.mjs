// A plain static file server with CORS, standing in for a CDN or another team's host in tests:
//   node support/static-server.mjs <dir>[,<dir>…] <port>
// With several folders the first one holding a file serves it: a test "deploys" a new build by
// copying it into the first (an upload to the CDN) and rolls it back by emptying that folder.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const [dirs, port] = process.argv.slice(2);
const roots = dirs.split(',').map((d) => path.resolve(d));
const types = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.map': 'application/json' };

http
  .createServer((req, res) => {
    // A CDN answers CORS preflights (the suite's browsers send a client-address header).
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const file = roots
      .map((root) => path.join(root, decodeURIComponent(url.pathname)))
      .find((f, i) => f.startsWith(roots[i]) && fs.existsSync(f) && !fs.statSync(f).isDirectory());
    if (!file) {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-cache',
    });
    fs.createReadStream(file).pipe(res);
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`static ${roots.join(', ')} on :${port}`));
