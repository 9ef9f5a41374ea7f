import { CLOCK_SKEW_SECONDS, checkIdToken, type IdTokenExpectation } from './id-token';

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: Record<string, unknown>) =>
  `${encode({ alg: 'RS256', kid: 'k' })}.${encode(claims)}.c2lnbmF0dXJl`;

const now = 1_800_000_000;
const expect_: IdTokenExpectation = {
  issuer: 'https://sso.example.com/realms/cartoes',
  authority: 'https://sso.example.com/realms/cartoes',
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
  it('accepts a token for this client from this issuer, and reads sub, auth_time and sid', () => {
    const sid = '0f1c4a9e-6b2d-4c1e-9a7f-3d5e8b2c1a40';
    expect(checkIdToken(token({ ...good, sid }), expect_)).toEqual({
      ok: true,
      subject: 'operator',
      authTime: now - 60,
      session: sid,
    });
    expect(checkIdToken(token({ ...good, auth_time: undefined }), expect_)).toMatchObject({
      authTime: null,
      session: null,
    });
    // A session id too short to be a secret is no shared session (the tabs then share nothing).
    for (const short of ['7', 'abc-123', 1234567890123456])
      expect(checkIdToken(token({ ...good, sid: short }), expect_)).toMatchObject({
        ok: true,
        session: null,
      });
  });

  it('refuses another issuer, even one that only differs by a trailing slash', () => {
    for (const iss of ['https://evil.example.com', `${expect_.issuer}/`, undefined]) {
      expect(checkIdToken(token({ ...good, iss }), expect_)).toEqual({ ok: false, refusal: 'issuer' });
    }
  });

  it('refuses everything when the discovery document names an issuer other than the authority', () => {
    // The ID token agrees with the document, but the document is not the configured authority's own.
    for (const issuer of ['https://evil.example.com', `${expect_.authority}/`, 'https://sso.example.com']) {
      expect(checkIdToken(token({ ...good, iss: issuer }), { ...expect_, issuer })).toEqual({
        ok: false,
        refusal: 'issuer',
      });
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

  it(`refuses an auth_time later than now plus ${CLOCK_SKEW_SECONDS} s: it would move the absolute limit forward`, () => {
    expect(checkIdToken(token({ ...good, auth_time: now + CLOCK_SKEW_SECONDS }), expect_).ok).toBe(true);
    expect(checkIdToken(token({ ...good, auth_time: now + 2 * 3600 }), expect_)).toEqual({
      ok: false,
      refusal: 'authenticated-in-future',
    });
    expect(checkIdToken(token({ ...good, auth_time: String(now) }), expect_)).toEqual({
      ok: false,
      refusal: 'unreadable',
    });
  });

  it('when the round trip asked for the password, refuses an authentication older than its start', () => {
    const asked = { ...expect_, passwordAskedAt: now - 30 };
    // Three hours old: the provider let an earlier authentication through.
    expect(checkIdToken(token({ ...good, auth_time: now - 3 * 3600 }), asked)).toEqual({
      ok: false,
      refusal: 'authentication-too-old',
    });
    expect(checkIdToken(token({ ...good, auth_time: undefined }), asked)).toEqual({
      ok: false,
      refusal: 'authentication-too-old',
    });
    expect(checkIdToken(token({ ...good, auth_time: now - 30 - CLOCK_SKEW_SECONDS }), asked).ok).toBe(true);
    expect(checkIdToken(token({ ...good, auth_time: now - 31 - CLOCK_SKEW_SECONDS }), asked).ok).toBe(false);
    // Not asked: an older authentication within max_age is the provider's session (checked by the caller).
    expect(checkIdToken(token({ ...good, auth_time: now - 3 * 3600 }), expect_).ok).toBe(true);
  });

  it('refuses what is not a JWT with a JSON payload, and a token without a subject', () => {
    for (const raw of [undefined, '', 'opaque', 'a.%%%.c', `${encode({})}.${encode([1])}.x`]) {
      expect(checkIdToken(raw, expect_)).toEqual({ ok: false, refusal: 'unreadable' });
    }
    expect(checkIdToken(token({ ...good, sub: '' }), expect_)).toEqual({ ok: false, refusal: 'subject' });
  });
});
