import * as z from 'zod/mini';

/**
 * Sandbox access tokens. The interface leaves the authentication step out (section 5), so the sandbox
 * offers fixed tokens for people and unsigned JWTs (RFC 7519 "unsecured", alg "none") for tests that need
 * a chosen scope or expiry. Nothing here is a security mechanism: it only imitates the provider's answers.
 */

/** The only scope the interface names (section 4.6); the sandbox enforces it on the accounts endpoint. */
export const ACCOUNTS_READ_SCOPE = 'accounts:read';
/** Made-up names: the interface does not name the card scopes, so the sandbox carries but never checks them. */
export const CARD_SCOPES = ['cards:read', 'cards:write'] as const;

export const sandboxTokens = {
  /** Every scope: can list accounts. */
  operator: 'sandbox-operator',
  /** Card scopes only: the accounts endpoint answers 403. */
  analyst: 'sandbox-analyst',
  /** Always refused as expired (401). */
  expired: 'sandbox-expired',
} as const;

const staticTokenScopes: Record<string, readonly string[]> = {
  [sandboxTokens.operator]: [ACCOUNTS_READ_SCOPE, ...CARD_SCOPES],
  [sandboxTokens.analyst]: [...CARD_SCOPES],
};

export type TokenCheck =
  | { ok: true; subject: string; scopes: readonly string[] }
  | { ok: false; reason: 'missing' | 'unknown' | 'expired' };

const jwtHeaderSchema = z.object({ alg: z.literal('none'), typ: z.literal('JWT') });
const jwtPayloadSchema = z.object({
  iss: z.literal('sandbox'),
  sub: z.string().check(z.minLength(1)),
  scope: z.string(),
  exp: z.number(),
  iat: z.optional(z.number()),
});

export interface IssueTokenInput {
  scopes: readonly string[];
  expiresInSeconds: number;
  subject?: string;
}

function base64UrlEncode(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
  } catch {
    return null;
  }
}

function parseJsonSegment(segment: string): unknown {
  const text = base64UrlDecode(segment);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return null;
  }
}

/** An unsigned JWT: `base64url(header).base64url(payload).` with `exp` in seconds since the epoch. */
export function issueSandboxToken(input: IssueTokenInput, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = { alg: 'none', typ: 'JWT' };
  const payload = {
    iss: 'sandbox',
    sub: input.subject ?? 'sandbox-user',
    scope: input.scopes.join(' '),
    iat,
    exp: iat + input.expiresInSeconds,
  };
  return `${base64UrlEncode(JSON.stringify(header))}.${base64UrlEncode(JSON.stringify(payload))}.`;
}

function verifyJwt(token: string, nowMs: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[2] !== '') return { ok: false, reason: 'unknown' };
  const header = jwtHeaderSchema.safeParse(parseJsonSegment(parts[0] ?? ''));
  const payload = jwtPayloadSchema.safeParse(parseJsonSegment(parts[1] ?? ''));
  if (!header.success || !payload.success) return { ok: false, reason: 'unknown' };
  // exp is exclusive: a token is dead from its exp second on (RFC 7519 4.1.4).
  if (nowMs >= payload.data.exp * 1000) return { ok: false, reason: 'expired' };
  const scopes = payload.data.scope.split(' ').filter((scope) => scope.length > 0);
  return { ok: true, subject: payload.data.sub, scopes };
}

/** Checks an `Authorization` header value against the sandbox tokens at time `nowMs`. */
export function verifyAuthorization(header: string | null, nowMs: number): TokenCheck {
  if (header === null || header.trim() === '') return { ok: false, reason: 'missing' };
  // The scheme name is case-insensitive (RFC 9110 11.1); the token itself is not.
  const [scheme, token, ...rest] = header
    .trim()
    .split(' ')
    .filter((part) => part.length > 0);
  if (scheme?.toLowerCase() !== 'bearer' || token === undefined || rest.length > 0) {
    return {
      ok: false,
      reason: token === undefined && scheme?.toLowerCase() === 'bearer' ? 'missing' : 'unknown',
    };
  }
  if (token === sandboxTokens.expired) return { ok: false, reason: 'expired' };
  const staticScopes = staticTokenScopes[token];
  if (staticScopes) return { ok: true, subject: token, scopes: staticScopes };
  if (token.length > 4096) return { ok: false, reason: 'unknown' };
  return verifyJwt(token, nowMs);
}

export const authFailureMessages: Record<Exclude<TokenCheck, { ok: true }>['reason'], string> = {
  missing: 'Token de acesso ausente. Envie o cabeçalho Authorization: Bearer <token>.',
  unknown: 'Token de acesso inválido.',
  expired: 'Token de acesso expirado. Autentique-se novamente.',
};
