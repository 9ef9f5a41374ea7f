import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getResponse } from 'msw';
import { INTERNAL_ERROR_MESSAGE, errorObject } from './errors';
import { createSandboxHandlers } from './handlers';
import { sandboxProfileNames } from './profiles';
import { apiSecurityHeaders } from './reply';
import { SandboxStore } from './store';
import type { SandboxStoreOptions } from './store-options';

/**
 * The sandbox as a real HTTP server (end-to-end tests, curl, a browser app with sandboxWorker off).
 * node:http only: each request becomes a Fetch Request answered by the same MSW handlers as the worker.
 */

export interface SandboxHttpServerOptions extends SandboxStoreOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /**
   * Also serve every profile under `/profiles/<name>/` (`api`, `accounts`, `__sandbox`), each over its
   * own store, on the same origin: the end-to-end suite runs its journeys against all of them with one
   * server and one Content-Security-Policy.
   */
  mountProfiles?: boolean;
  /**
   * Open lanes: a store like the root one under `/lanes/<name>/`, and with `mountProfiles` a profile's
   * under `/profiles/<profile>/lanes/<name>/` (`api`, `accounts`, `__sandbox` each), made on the first
   * request that names it (at most MAX_LANES). Each end-to-end worker takes its own, so that specs that
   * drive the sandbox (faults, stats, resets) run side by side without sharing a store.
   */
  lanes?: boolean;
}

export interface SandboxHttpServer {
  store: SandboxStore;
  port: number;
  origin: string;
  /** {base_url}: `http://127.0.0.1:<port>/api`. */
  baseUrl: string;
  /** {accounts_base_url}: `http://127.0.0.1:<port>/accounts`. */
  accountsBaseUrl: string;
  /** With `mountProfiles`: the store behind each `/profiles/<name>/`. */
  profileStores: ReadonlyMap<string, SandboxStore>;
  /**
   * With `lanes`: the store behind each lane made so far, by its mount (`lanes/<name>` or
   * `profiles/<profile>/lanes/<name>`).
   */
  laneStores: ReadonlyMap<string, SandboxStore>;
  /** Releases held requests, drops every connection and stops listening. */
  close: () => Promise<void>;
}

const HOST = '127.0.0.1';
const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Idle keep-alive connections stay open this long (Node's default is 5 s), as behind a typical provider's
 * load balancer (60 s): a browser then reuses them, which `commitThenDrop` needs to show its effect.
 */
const KEEP_ALIVE_MS = 65_000;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'host',
]);

function corsHeaders(origin: string | undefined, allowIdempotencyKey = true): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': allowIdempotencyKey
      ? 'Authorization, Content-Type, Idempotency-Key'
      : 'Authorization, Content-Type',
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  };
}

/** The most lanes one server makes: a test suite needs one per worker and profile. */
export const MAX_LANES = 64;

/**
 * Where a path is answered: the mount (`''` for the root, `profiles/<p>`, `lanes/<n>`,
 * `profiles/<p>/lanes/<n>`), the profile of its store and whether it is a lane. Lane names are lower-case
 * letters, digits and `-`; anything else is the root's to answer (and refuse).
 */
const MOUNT = /^\/(?:profiles\/([a-z0-9-]{1,40})\/)?(?:lanes\/([a-z0-9][a-z0-9-]{0,39})\/)?/;

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Past the limit the rest is read and dropped, so that the client still gets a 413 to read.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      size > MAX_BODY_BYTES ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    ...apiSecurityHeaders,
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(payload.length),
  });
  res.end(payload);
}

/** A store and the handlers that answer under its mount, with root-relative bases (resolved per request). */
function mountStore(mount: string, mounted: SandboxStore) {
  return {
    store: mounted,
    handlers: createSandboxHandlers(mounted, {
      baseUrl: `${mount}/api`,
      accountsBaseUrl: `${mount}/accounts`,
      controlBaseUrl: mount,
    }),
  };
}

type Mount = ReturnType<typeof mountStore>;

/**
 * The stores the server answers from: the root's, each profile's (with `mountProfiles`) and each lane's
 * (with `lanes`, made on the first request that names it).
 */
function createMounts(storeOptions: SandboxStoreOptions, mountProfiles: boolean, lanes: boolean) {
  const store = new SandboxStore(storeOptions);
  const root = mountStore('', store);
  const profileMounts = new Map<string, Mount>();
  if (mountProfiles) {
    for (const profile of sandboxProfileNames) {
      profileMounts.set(
        profile,
        mountStore(`/profiles/${profile}`, new SandboxStore({ ...storeOptions, profile })),
      );
    }
  }
  const laneMounts = new Map<string, Mount>();
  const laneStores = new Map<string, SandboxStore>();
  /** The store and handlers that answer `path`: a lane's (made now if new), a profile's, or the root's. */
  const mountFor = (path: string): Mount | null => {
    const [prefix = '', profile, lane] = MOUNT.exec(path) ?? [];
    if (profile !== undefined && !profileMounts.has(profile)) return null;
    if (lane === undefined) return profile === undefined ? root : (profileMounts.get(profile) ?? null);
    if (!lanes) return null;
    const mount = prefix.slice(1, -1);
    const existing = laneMounts.get(mount);
    if (existing) return existing;
    if (laneMounts.size >= MAX_LANES) return null;
    const made = mountStore(
      `/${mount}`,
      new SandboxStore({ ...storeOptions, ...(profile ? { profile } : {}) }),
    );
    laneMounts.set(mount, made);
    laneStores.set(mount, made.store);
    return made;
  };
  return { store, root, profileMounts, laneMounts, laneStores, mountFor };
}

export async function startSandboxHttpServer(
  options: SandboxHttpServerOptions = {},
): Promise<SandboxHttpServer> {
  const { port: requestedPort = 0, mountProfiles = false, lanes = false, ...storeOptions } = options;
  const { store, root, profileMounts, laneMounts, laneStores, mountFor } = createMounts(
    storeOptions,
    mountProfiles,
    lanes,
  );
  let origin = '';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cors = corsHeaders(req.headers.origin);
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      const refusesKey = mountFor(req.url ?? '/')?.store.corsRefusesIdempotencyKey ?? false;
      res.writeHead(204, {
        ...corsHeaders(req.headers.origin, !refusesKey),
        // Not cached while the header is refused: the next test's provider may allow it again.
        'Access-Control-Max-Age': refusesKey ? '0' : '600',
        ...apiSecurityHeaders,
      });
      res.end();
      return;
    }
    if (!req.url?.startsWith('/')) {
      sendJson(res, 400, errorObject(400, 'Alvo da requisição inválido.'), cors);
      return;
    }
    const headers = new Headers();
    for (const [name, values] of Object.entries(req.headersDistinct)) {
      if (!HOP_BY_HOP.has(name)) for (const value of values ?? []) headers.append(name, value);
    }
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
    // Aborted when the client goes away, so a held (`hang`) request lets go of its socket.
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) aborted.abort();
    });
    const request = new Request(`${origin}${req.url}`, {
      method,
      headers,
      signal: aborted.signal,
      ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
    });
    const mount = mountFor(req.url);
    const response = mount && (await getResponse(mount.handlers, request, { baseUrl: origin }));
    if (!response) {
      sendJson(res, 404, errorObject(404, 'Recurso não encontrado.'), cors);
      return;
    }
    if (response.type === 'error' && mount.store.takeDropBeforeAnswer(request)) {
      // `commitThenDrop`: the POST was committed; now the connection goes away before any byte of an
      // answer, with a TCP reset. On a reused keep-alive connection a browser (HTTP/1.1) assumes the
      // server never saw the request and resends it by itself: the transport fault a provider without
      // Idempotency-Key really has (docs/deployment.md, "Exactly once").
      req.socket.resetAndDestroy();
      return;
    }
    if (response.type === 'error') {
      // A dropped connection, as `reset` and `commitThenReset` promise. The headers and a first byte of
      // the body go out before the drop: a browser silently re-sends a request whose reused keep-alive
      // connection closes before any byte of an answer (it assumes the server never saw it), which would
      // turn a lost answer into a success. A body cut short is a network error for the client, as a real
      // dropped answer is. (The CORS headers let the browser hand that error to the page.)
      res.writeHead(200, { ...cors, 'content-type': 'application/json', 'content-length': '64' });
      res.write('{', () => req.socket.destroy());
      return;
    }
    const outgoing: Record<string, string> = { ...cors };
    response.headers.forEach((value, name) => {
      outgoing[name] = value;
    });
    const payload = Buffer.from(await response.arrayBuffer());
    outgoing['content-length'] = String(payload.length);
    res.writeHead(response.status, outgoing);
    res.end(payload);
  }

  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof BodyTooLargeError) {
        sendJson(
          res,
          413,
          errorObject(413, `Corpo da requisição maior que ${MAX_BODY_BYTES} bytes.`),
          corsHeaders(req.headers.origin),
        );
        return;
      }
      sendJson(res, 500, errorObject(500, INTERNAL_ERROR_MESSAGE), corsHeaders(req.headers.origin));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the sandbox server has no TCP address');
  const { port } = address;
  origin = `http://${HOST}:${port}`;

  return {
    store,
    port,
    origin,
    baseUrl: `${origin}/api`,
    accountsBaseUrl: `${origin}/accounts`,
    profileStores: new Map([...profileMounts].map(([name, mount]) => [name, mount.store])),
    laneStores,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const mounted of [root, ...profileMounts.values(), ...laneMounts.values()])
          mounted.store.faults.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
