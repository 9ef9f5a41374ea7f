/** What the app shows of a JWT access token. The signature is not checked: the provider does that. */
export interface TokenClaims {
  subject: string | null;
  /** Expiry from the `exp` claim, when present. */
  expiresAt: Date | null;
  /** From `scope` (space-separated) or `scp`/`scopes` (list), as OAuth servers variously name it. */
  scopes: string[];
}

function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readScopes(payload: Record<string, unknown>): string[] {
  const candidates = [payload.scope, payload.scp, payload.scopes];
  for (const candidate of candidates) {
    if (typeof candidate === 'string') return candidate.split(/\s+/).filter(Boolean);
    if (Array.isArray(candidate)) return candidate.filter((item): item is string => typeof item === 'string');
  }
  return [];
}

/** Returns the claims of a JWT, or null when the token is not a JWT (an opaque token is fine too). */
export function decodeJwtClaims(token: string): TokenClaims | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null;
  const headerText = decodeBase64Url(parts[0]);
  const payloadText = decodeBase64Url(parts[1]);
  if (headerText === null || payloadText === null) return null;
  let header: unknown;
  let payload: unknown;
  try {
    header = JSON.parse(headerText);
    payload = JSON.parse(payloadText);
  } catch {
    return null;
  }
  if (!isRecord(header) || !isRecord(payload)) return null;
  const exp = payload.exp;
  return {
    subject: typeof payload.sub === 'string' ? payload.sub : null,
    expiresAt: typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null,
    scopes: readScopes(payload),
  };
}
