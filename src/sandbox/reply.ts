import { HttpResponse } from 'msw';
import { errorObject } from './errors';

/**
 * What a sandbox route answers, before it becomes a Fetch Response. Keeping it as data lets the fault
 * layer rewrite a body (drift, XSS) and the idempotency cache replay it without re-reading a stream.
 */
export type SandboxReply =
  | { type: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { type: 'raw'; status: number; body: string; contentType: string; headers?: Record<string, string> }
  | { type: 'network-error' };

export function jsonReply(status: number, body: unknown, headers?: Record<string, string>): SandboxReply {
  return headers ? { type: 'json', status, body, headers } : { type: 'json', status, body };
}

export function errorReply(status: number, message: string, headers?: Record<string, string>): SandboxReply {
  return jsonReply(status, errorObject(status, message), headers);
}

export function isSuccess(reply: SandboxReply): reply is Extract<SandboxReply, { type: 'json' }> {
  return reply.type === 'json' && reply.status >= 200 && reply.status < 300;
}

/** Headers every API response carries (docs/requirements.md B3, D3): bodies hold personal data. */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export function toResponse(reply: SandboxReply): Response {
  if (reply.type === 'network-error') return HttpResponse.error();
  const headers = new Headers(apiSecurityHeaders);
  for (const [name, value] of Object.entries(reply.headers ?? {})) headers.set(name, value);
  if (reply.type === 'raw') {
    headers.set('Content-Type', reply.contentType);
    // An empty 200 is a fault the app must survive: send no body at all, not an empty JSON string.
    return new HttpResponse(reply.body === '' ? null : reply.body, { status: reply.status, headers });
  }
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new HttpResponse(JSON.stringify(reply.body), { status: reply.status, headers });
}
