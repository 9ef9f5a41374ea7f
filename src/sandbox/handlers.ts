import { http, type HttpHandler } from 'msw';
import { createControlHandlers } from './control';
import { createCepHandlers } from './cep';
import { applyBodyFault, isBodyKind, isReplacingKind, replacingFaultReply } from './fault-replies';
import { DEFAULT_DELAY_MS, type Fault } from './faults';
import { errorReply, toResponse, type SandboxReply } from './reply';
import { endpoints } from '@/api/endpoints';
import { routes, type Route } from './routes';
import type { SandboxStore } from './store';
import { authFailureMessages, verifyAuthorization } from './tokens';

export interface SandboxHandlerOptions {
  /** The interface's {base_url}: absolute (`http://127.0.0.1:4400/api`) or root-relative (`/api`). */
  baseUrl: string;
  /** The interface's {accounts_base_url}. */
  accountsBaseUrl: string;
  /**
   * Where `/__sandbox/...` lives. Default: the origin of `baseUrl` when it is absolute, otherwise the
   * current origin (root-relative).
   */
  controlBaseUrl?: string;
}

const NETWORK_ERROR: SandboxReply = { type: 'network-error' };
const ALLOWED_IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function withoutTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

function originOf(url: string): string {
  return /^https?:\/\//i.test(url) ? new URL(url).origin : '';
}

/** Whether `url` lies under `base` (absolute, or root-relative and then on the request's own origin). */
function isUnder(url: URL, base: string): boolean {
  const target = new URL(base, url);
  return url.origin === target.origin && url.pathname.startsWith(`${target.pathname}/`);
}

function hasMalformedEscape(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

function stringParams(
  params: Record<string, string | readonly string[] | undefined>,
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]),
  );
}

/** Whether `pathname` (relative to its base) has the shape of `pattern`, `:name` matching one segment. */
function matchesPattern(pattern: string, pathname: string): boolean {
  const expected = pattern.split('/');
  const actual = pathname.split('/');
  return (
    expected.length === actual.length &&
    expected.every((segment, index) =>
      segment.startsWith(':') ? (actual[index] ?? '') !== '' : segment === actual[index],
    )
  );
}

async function authorizedReply(
  store: SandboxStore,
  route: Route,
  request: Request,
  params: Record<string, string | undefined>,
): Promise<SandboxReply> {
  let auth = verifyAuthorization(request.headers.get('Authorization'), store.now());
  const bearer = /^bearer\s+(\S+)$/i.exec(request.headers.get('Authorization')?.trim() ?? '')?.[1];
  if (!auth.ok && auth.reason === 'unknown' && bearer && store.verifyExternalToken) {
    auth = await store.verifyExternalToken(bearer);
  }
  if (!auth.ok) {
    return errorReply(401, authFailureMessages[auth.reason], {
      'WWW-Authenticate': `Bearer realm="sandbox"${auth.reason === 'missing' ? '' : ', error="invalid_token"'}`,
    });
  }
  const run = () => Promise.resolve(route.run({ store, request, params, scopes: auth.scopes }));
  const key = request.headers.get('Idempotency-Key');
  if (!route.mutation || key === null || store.ignoresIdempotencyKey) return run();
  if (!ALLOWED_IDEMPOTENCY_KEY.test(key)) {
    return errorReply(400, 'Idempotency-Key deve ter de 1 a 255 caracteres ASCII visíveis');
  }
  return store.idempotent(route.endpoint, key, run);
}

/** One request through an endpoint: fault (if any) first, as a gateway in front of the provider would. */
async function faultedReply(
  store: SandboxStore,
  route: Route,
  request: Request,
  params: Record<string, string | undefined>,
  fault: Fault | undefined,
): Promise<SandboxReply> {
  if (!fault) return authorizedReply(store, route, request, params);
  // Captured now: a reset while this request waits must release it, not a later one.
  const released = store.faults.releaseSignal;
  const proceed = store.faults.proceedSignal;
  const wait = fault.kind === 'delay' ? (fault.delayMs ?? DEFAULT_DELAY_MS) : fault.delayMs;
  if (wait !== undefined && wait > 0) {
    // Not tied to request.signal: a slow server carries on (and commits) after the client gave up.
    await store.sleep(wait, AbortSignal.any([released, proceed]));
    if (released.aborted) return NETWORK_ERROR;
  }
  if (fault.kind === 'hang') {
    await untilAborted(AbortSignal.any([released, request.signal]));
    return NETWORK_ERROR;
  }
  if (fault.kind === 'reset') return NETWORK_ERROR;
  if (isReplacingKind(fault.kind)) return replacingFaultReply(fault.kind, fault, route.endpoint);

  const reply = await authorizedReply(store, route, request, params);
  if (fault.kind === 'commitThenReset') return NETWORK_ERROR;
  if (fault.kind === 'commitThenDrop') {
    store.markDropBeforeAnswer(request);
    return NETWORK_ERROR;
  }
  if (isBodyKind(fault.kind)) return applyBodyFault(fault.kind, route.endpoint, reply);
  return reply;
}

/**
 * MSW handlers implementing the whole interface over `store`, plus the `/__sandbox/...` control endpoints.
 * The same array serves the browser worker, Vitest (msw/node) and the plain HTTP server.
 */
export function createSandboxHandlers(store: SandboxStore, options: SandboxHandlerOptions): HttpHandler[] {
  const bases = {
    base: withoutTrailingSlash(options.baseUrl),
    accounts: withoutTrailingSlash(options.accountsBaseUrl),
  };
  const control = withoutTrailingSlash(options.controlBaseUrl ?? originOf(bases.base));

  const apiHandlers = routes.map((route) => {
    // Method, base and pattern come from the interface's one definition (src/api/endpoints.ts).
    const { method, base, pattern } = endpoints[route.endpoint];
    const handle = method === 'GET' ? http.get : http.post;
    return handle(`${bases[base]}${pattern}`, async ({ request, params }) => {
      // path-to-regexp (MSW 2) already refuses `/v1/products` for `/v1/products/`, but its optional
      // trailing delimiter lets `/v1/products//` through; the interface's paths are exact.
      if (new URL(request.url).pathname.endsWith('//'))
        return toResponse(errorReply(404, 'Recurso não encontrado.'));
      store.countRequest(route.endpoint);
      const pathParams = stringParams(params);
      if (route.endpoint === 'analysisStatus') store.countStatusLookup(pathParams['document'] ?? '');
      // A provider that is merely slow (the `slow` profile, or `latencyMs` on reset), before any fault or
      // effect; status lookups `statusDelayMs` more (a batch against a provider that takes its time).
      const latencyMs = store.latencyMs + (route.endpoint === 'analysisStatus' ? store.statusDelayMs : 0);
      if (latencyMs > 0) await store.sleep(latencyMs, store.faults.releaseSignal);
      const fault = store.faults.take(route.endpoint);
      return toResponse(await faultedReply(store, route, request, pathParams, fault));
    });
  });

  // MSW decodes path parameters with decodeURIComponent and throws on a bad escape such as `%ZZ`; answer
  // 400 before any pattern is tried. A predicate (not a path pattern) so that nothing gets decoded here.
  const malformedUrl = http.all(
    ({ request }) => {
      const url = new URL(request.url);
      return Object.values(bases).some((base) => isUnder(url, base)) && hasMalformedEscape(url.pathname);
    },
    () => toResponse(errorReply(400, 'URL com codificação percentual inválida.')),
  );

  // Anything else under a base: the Error object, never MSW's default passthrough or a bare 404.
  const catchAll = [...new Set([bases.base, bases.accounts])].map((base) =>
    http.all(`${base}/*`, ({ request }) => {
      const url = new URL(request.url);
      const relative = url.pathname.slice(new URL(base, url).pathname.length);
      const known = routes
        .map((route) => endpoints[route.endpoint])
        .filter((endpoint) => bases[endpoint.base] === base && matchesPattern(endpoint.pattern, relative));
      if (known.length > 0) {
        const allow = known.map((endpoint) => endpoint.method).join(', ');
        return toResponse(
          errorReply(405, `Método ${request.method} não permitido; use ${allow}.`, { Allow: allow }),
        );
      }
      return toResponse(errorReply(404, 'Recurso não encontrado.'));
    }),
  );

  return [
    // Before the control handlers, whose catch-all answers any other /__sandbox/ path.
    ...createCepHandlers(`${control}/__sandbox`),
    ...createControlHandlers(store, `${control}/__sandbox`),
    malformedUrl,
    ...apiHandlers,
    ...catchAll,
  ];
}
