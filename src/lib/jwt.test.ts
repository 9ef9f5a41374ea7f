import { decodeJwtClaims } from './jwt';

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (payload: unknown) => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.sig`;

describe('decodeJwtClaims', () => {
  it('reads subject, expiry and space-separated scopes', () => {
    const claims = decodeJwtClaims(
      jwt({ sub: 'op-1', exp: 1_900_000_000, scope: 'accounts:read cards:write' }),
    );
    expect(claims).toEqual({
      subject: 'op-1',
      expiresAt: new Date(1_900_000_000_000),
      scopes: ['accounts:read', 'cards:write'],
    });
  });

  it('reads scopes given as a list (scp)', () => {
    expect(decodeJwtClaims(jwt({ scp: ['a', 'b', 3] }))?.scopes).toEqual(['a', 'b']);
  });

  it('reads UTF-8 text', () => {
    expect(
      decodeJwtClaims(
        `${b64url({ alg: 'none' })}.${Buffer.from(JSON.stringify({ sub: 'joão' })).toString('base64url')}.x`,
      )?.subject,
    ).toBe('joão');
  });

  it.each(['sandbox-operator', '', 'a.b', 'a.b.c', '...', `${b64url([1])}.${b64url({})}.x`, 'eyJ!.eyJ.x'])(
    'returns null for a token that is not a JWT: %j',
    (token) => {
      expect(decodeJwtClaims(token)).toBeNull();
    },
  );
});
