/**
 * The checks of an ID token that oidc-client-ts 3.5 leaves to the app (OpenID Connect Core 1.0,
 * 3.1.3.7). The library checks the `state`, that `sub` is present, the `nonce` when the request carried
 * one, and on a refresh that `sub`, `auth_time` and `azp` did not change. It checks neither `iss`, `aud`,
 * `azp` on a first sign-in, nor `exp`, `iat` and `auth_time`: these are here, and so is the discovery
 * document's `issuer` against the configured authority (Discovery 1.0, 4.3). The signature is not checked: the ID
 * token comes straight from the token endpoint over TLS, which Core 3.1.3.7 (6) accepts instead.
 *
 * Pure: the caller gives the clock, the expected values and the token; the answer says why a token is
 * refused, never what it holds.
 */

/** Clock difference tolerated between this computer and the identity provider, in seconds. */
export const CLOCK_SKEW_SECONDS = 300;

export interface IdTokenExpectation {
  /** The issuer named by the provider's discovery document: it must equal `authority`. */
  issuer: string;
  /** The configured `auth.authority`, the prefix the discovery document was fetched from. */
  authority: string;
  clientId: string;
  /** The nonce sent with the authorization request; null on a refresh (which carries none to compare). */
  nonce: string | null;
  /** Now, in seconds since the epoch. */
  nowSeconds: number;
  /**
   * When the round trip that asked for the password (`prompt=login`) started, in seconds since the
   * epoch; null when it did not ask. The password typed then is later than this.
   */
  passwordAskedAt?: number | null;
}

export type IdTokenRefusal =
  | 'unreadable'
  | 'issuer'
  | 'audience'
  | 'authorized-party'
  | 'nonce'
  | 'expired'
  | 'issued-in-future'
  | 'authenticated-in-future'
  | 'authentication-too-old'
  | 'subject';

export type IdTokenVerdict =
  | {
      ok: true;
      subject: string;
      /** `auth_time` in seconds since the epoch, when the provider sent it. */
      authTime: number | null;
      /**
       * The provider's session (`sid`), when it is long enough to serve as the secret the tabs of that
       * session share (src/app/session-broadcast.ts): at least 16 characters; else null.
       */
      session: string | null;
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
  const { iss, aud, azp, nonce, exp, iat, sub, sid, auth_time: authTime } = claims;

  // Discovery 4.3: the discovery document's issuer is the authority itself, character for character; a
  // document naming another issuer (a proxy, a mix-up) would make the `iss` check below compare with it.
  if (expect.issuer !== expect.authority || iss !== expect.issuer) return { ok: false, refusal: 'issuer' };
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
  // `auth_time` starts the absolute limit: never later than now (it would push the limit forward), and
  // when the password was asked, typed during this round trip (not an older authentication let through).
  if (authTime !== undefined && !isNumber(authTime)) return { ok: false, refusal: 'unreadable' };
  const authenticatedAt = isNumber(authTime) ? authTime : null;
  if (authenticatedAt !== null && authenticatedAt - CLOCK_SKEW_SECONDS > expect.nowSeconds) {
    return { ok: false, refusal: 'authenticated-in-future' };
  }
  const passwordAskedAt = expect.passwordAskedAt ?? null;
  if (
    passwordAskedAt !== null &&
    (authenticatedAt === null || authenticatedAt < passwordAskedAt - CLOCK_SKEW_SECONDS)
  ) {
    return { ok: false, refusal: 'authentication-too-old' };
  }
  const session = typeof sid === 'string' && sid.length >= 16 ? sid : null;
  return { ok: true, subject: sub, authTime: authenticatedAt, session };
}
