/**
 * A static server for `npm run bench`: serves a built app with gzip (as the nginx of deploy/ does), an
 * index.html fallback for client routes, and optionally its own /config.json. Both the floor and the app
 * are served by this same code, so the server is not part of the difference the bench measures.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
};

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

export async function serveStatic(
  root: string,
  port: number,
  options: { configJson?: string } = {},
): Promise<StaticServer> {
  const cache = new Map<string, { body: Buffer; gzip: Buffer }>();
  const read = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      const body = readFileSync(file);
      entry = { body, gzip: gzipSync(body, { level: 6 }) };
      cache.set(file, entry);
    }
    return entry;
  };
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    let body: Buffer;
    let gzip: Buffer;
    let type: string;
    if (pathname === '/config.json' && options.configJson !== undefined) {
      body = Buffer.from(options.configJson);
      gzip = gzipSync(body);
      type = types['.json'] ?? '';
    } else {
      let file = path.join(root, path.normalize(pathname));
      if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory())
        file = path.join(root, 'index.html');
      ({ body, gzip } = read(file));
      type = types[path.extname(file)] ?? 'application/octet-stream';
    }
    const acceptsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    if (acceptsGzip) res.setHeader('Content-Encoding', 'gzip');
    res.end(acceptsGzip ? gzip : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
