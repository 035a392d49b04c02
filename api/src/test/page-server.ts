import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../paths';

/**
 * The shop's real page server (shell/server), started as its own process in front of an API under
 * test, as `npm start` runs it. Tests send through it from different client addresses (the whole
 * 127.0.0.0/8 is loopback on Linux: `from: '127.0.0.2'` binds the client's socket there).
 */
export interface PageServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPageServer(apiUrl: string, env: Record<string, string> = {}): Promise<PageServer> {
  const shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shell-dist-'));
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'shell/server/index.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', API_URL: apiUrl, SHELL_DIST: shellDist, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`page server exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`page server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(shellDist, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request from the client address `from`. */
export function request(
  url: string,
  options: { method?: string; from?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}

/**
 * The status of a request whose body is written over a raw socket while the answer is read as it
 * arrives, as a browser does: a server may answer (413) before the upload ends and close, and the
 * answer still counts. `chunked` sends the body without a Content-Length.
 */
export function uploadStatus(url: string, path: string, body: Buffer, options: { from?: string; chunked?: boolean } = {}): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), ...(options.from ? { localAddress: options.from } : {}) });
    let received = '';
    const done = () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      if (status) resolve(Number(status));
      else reject(new Error(`no answer: ${received.slice(0, 100)}`));
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (/^HTTP\/1\.1 \d{3}/.test(received)) {
        socket.destroy();
        done();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', done);
    socket.on('connect', () => {
      const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Content-Type: application/json'];
      head.push(options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`);
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      const step = 64 * 1024;
      let at = 0;
      const writeMore = () => {
        while (at < body.length && !socket.destroyed) {
          const piece = body.subarray(at, at + step);
          at += step;
          const framed = options.chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
          if (!socket.write(framed)) return void socket.once('drain', writeMore);
        }
        if (options.chunked && !socket.destroyed) socket.write('0\r\n\r\n');
      };
      writeMore();
    });
  });
}
