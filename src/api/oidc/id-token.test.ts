import { CLOCK_SKEW_SECONDS, checkIdToken, type IdTokenExpectation } from './id-token';

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: Record<string, unknown>) =>
  `${encode({ alg: 'RS256', kid: 'k' })}.${encode(claims)}.c2lnbmF0dXJl`;

const now = 1_800_000_000;
const expect_: IdTokenExpectation = {
  issuer: 'https://sso.example.com/realms/cartoes',
  clientId: 'backoffice',
  nonce: 'n-0S6_WzA2Mj',
  nowSeconds: now,
};
const good = {
  iss: expect_.issuer,
  aud: 'backoffice',
  sub: 'operator',
  nonce: expect_.nonce,
  iat: now - 5,
  exp: now + 300,
  auth_time: now - 60,
};

describe('checkIdToken (OpenID Connect Core 3.1.3.7, what oidc-client-ts leaves to the app)', () => {
  it('accepts a token for this client from this issuer, and reads sub and auth_time', () => {
    expect(checkIdToken(token(good), expect_)).toEqual({ ok: true, subject: 'operator', authTime: now - 60 });
    expect(checkIdToken(token({ ...good, auth_time: undefined }), expect_)).toMatchObject({ authTime: null });
  });

  it('refuses another issuer, even one that only differs by a trailing slash', () => {
    for (const iss of ['https://evil.example.com', `${expect_.issuer}/`, undefined]) {
      expect(checkIdToken(token({ ...good, iss }), expect_)).toEqual({ ok: false, refusal: 'issuer' });
    }
  });

  it('refuses a token issued to another client', () => {
    for (const aud of ['other-client', ['other-client'], [], undefined]) {
      expect(checkIdToken(token({ ...good, aud }), expect_)).toEqual({ ok: false, refusal: 'audience' });
    }
  });

  it('with several audiences, asks azp to name this client', () => {
    const several = { ...good, aud: ['backoffice', 'urn:cartoes:api'] };
    expect(checkIdToken(token(several), expect_)).toEqual({ ok: false, refusal: 'authorized-party' });
    expect(checkIdToken(token({ ...several, azp: 'other-client' }), expect_)).toEqual({
      ok: false,
      refusal: 'authorized-party',
    });
    expect(checkIdToken(token({ ...several, azp: 'backoffice' }), expect_).ok).toBe(true);
    expect(checkIdToken(token({ ...good, azp: 'other-client' }), expect_).ok).toBe(false);
  });

  it('refuses a nonce other than the one sent (a replayed token), and a missing one', () => {
    for (const nonce of ['an-earlier-nonce', undefined]) {
      expect(checkIdToken(token({ ...good, nonce }), expect_)).toEqual({ ok: false, refusal: 'nonce' });
    }
    // A refresh sends no nonce and compares none.
    expect(checkIdToken(token({ ...good, nonce: undefined }), { ...expect_, nonce: null }).ok).toBe(true);
  });

  it(`tolerates ${CLOCK_SKEW_SECONDS} s of clock difference on exp and iat, no more`, () => {
    expect(checkIdToken(token({ ...good, exp: now - CLOCK_SKEW_SECONDS + 1 }), expect_).ok).toBe(true);
    expect(checkIdToken(token({ ...good, exp: now - CLOCK_SKEW_SECONDS }), expect_)).toEqual({
      ok: false,
      refusal: 'expired',
    });
    expect(checkIdToken(token({ ...good, iat: now + CLOCK_SKEW_SECONDS }), expect_).ok).toBe(true);
    expect(checkIdToken(token({ ...good, iat: now + CLOCK_SKEW_SECONDS + 1 }), expect_)).toEqual({
      ok: false,
      refusal: 'issued-in-future',
    });
    expect(checkIdToken(token({ ...good, exp: String(now + 60) }), expect_).ok).toBe(false);
    expect(checkIdToken(token({ ...good, iat: undefined }), expect_).ok).toBe(false);
  });

  it('refuses what is not a JWT with a JSON payload, and a token without a subject', () => {
    for (const raw of [undefined, '', 'opaque', 'a.%%%.c', `${encode({})}.${encode([1])}.x`]) {
      expect(checkIdToken(raw, expect_)).toEqual({ ok: false, refusal: 'unreadable' });
    }
    expect(checkIdToken(token({ ...good, sub: '' }), expect_)).toEqual({ ok: false, refusal: 'subject' });
  });
});
