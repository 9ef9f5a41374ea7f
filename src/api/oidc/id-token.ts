/**
 * The checks of an ID token that oidc-client-ts 3.5 leaves to the app (OpenID Connect Core 1.0,
 * 3.1.3.7). The library checks the `state`, that `sub` is present, the `nonce` when the request carried
 * one, and on a refresh that `sub`, `auth_time` and `azp` did not change. It checks neither `iss`, `aud`,
 * `azp` on a first sign-in, nor `exp` and `iat`: these are here. The signature is not checked: the ID
 * token comes straight from the token endpoint over TLS, which Core 3.1.3.7 (6) accepts instead.
 *
 * Pure: the caller gives the clock, the expected values and the token; the answer says why a token is
 * refused, never what it holds.
 */

/** Clock difference tolerated between this computer and the identity provider, in seconds. */
export const CLOCK_SKEW_SECONDS = 300;

export interface IdTokenExpectation {
  /** The issuer named by the provider's discovery document (equal to the configured authority). */
  issuer: string;
  clientId: string;
  /** The nonce sent with the authorization request; null on a refresh (which carries none to compare). */
  nonce: string | null;
  /** Now, in seconds since the epoch. */
  nowSeconds: number;
}

export type IdTokenRefusal =
  | 'unreadable'
  | 'issuer'
  | 'audience'
  | 'authorized-party'
  | 'nonce'
  | 'expired'
  | 'issued-in-future'
  | 'subject';

export type IdTokenVerdict =
  | {
      ok: true;
      subject: string;
      /** `auth_time` in seconds since the epoch, when the provider sent it. */
      authTime: number | null;
    }
  | { ok: false; refusal: IdTokenRefusal };

function decodePayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (part === undefined || !/^[A-Za-z0-9_-]+$/.test(part)) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    const payload: unknown = JSON.parse(text);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function checkIdToken(idToken: string | undefined, expect: IdTokenExpectation): IdTokenVerdict {
  const claims = idToken === undefined ? null : decodePayload(idToken);
  if (claims === null) return { ok: false, refusal: 'unreadable' };
  const { iss, aud, azp, nonce, exp, iat, sub, auth_time: authTime } = claims;

  if (iss !== expect.issuer) return { ok: false, refusal: 'issuer' };
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  if (!audiences.includes(expect.clientId)) return { ok: false, refusal: 'audience' };
  // Several audiences: the token must say it was issued to this client (azp); one audience: azp, when
  // present, must still be this client.
  if ((audiences.length > 1 || azp !== undefined) && azp !== expect.clientId) {
    return { ok: false, refusal: 'authorized-party' };
  }
  if (expect.nonce !== null && nonce !== expect.nonce) return { ok: false, refusal: 'nonce' };
  if (!isNumber(exp) || exp + CLOCK_SKEW_SECONDS <= expect.nowSeconds)
    return { ok: false, refusal: 'expired' };
  if (!isNumber(iat) || iat - CLOCK_SKEW_SECONDS > expect.nowSeconds) {
    return { ok: false, refusal: 'issued-in-future' };
  }
  if (typeof sub !== 'string' || sub === '') return { ok: false, refusal: 'subject' };
  return { ok: true, subject: sub, authTime: isNumber(authTime) ? authTime : null };
}
