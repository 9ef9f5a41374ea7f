import { errorObjectSchema, type ErrorObject } from '@/api/schemas/error-object';
import { endpoints } from '@/api/endpoints';
import { sandboxTokens } from '@/sandbox/tokens';

/**
 * A tiny fetch wrapper for the sandbox's own tests (node and HTTP transports). Not for the app: the app
 * has its one fetch client in src/api.
 */
export interface CallOptions {
  method?: string;
  /** Bearer token; null sends no Authorization header. Default: the operator token. */
  token?: string | null;
  body?: unknown;
  /** Sent as is, without JSON encoding. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export function createTestClient(urls: { baseUrl: string; accountsBaseUrl: string; controlUrl: string }) {
  async function call(url: string, options: CallOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    const token = options.token === undefined ? sandboxTokens.operator : options.token;
    if (token !== null) headers.set('Authorization', `Bearer ${token}`);
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    return fetch(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  }

  return {
    call,
    api: (path: string, options?: CallOptions) => call(`${urls.baseUrl}${path}`, options),
    accounts: (options?: CallOptions) => call(`${urls.accountsBaseUrl}${endpoints.allAccounts()}`, options),
    control: (path: string, options: CallOptions = {}) =>
      call(`${urls.controlUrl}${path}`, { token: null, ...options }),
  };
}

/** Parses an Error object and checks statusCode against the HTTP status. */
export async function readError(response: Response): Promise<ErrorObject> {
  const body = errorObjectSchema.parse(await response.json());
  if (body.statusCode !== response.status)
    throw new Error(`statusCode ${body.statusCode} != HTTP ${response.status}`);
  return body;
}
