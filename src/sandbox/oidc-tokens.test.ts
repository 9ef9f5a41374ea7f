// @vitest-environment node
import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { createOidcTokenVerifier } from './oidc-tokens';

const issuer = 'http://127.0.0.1/idp';
const audience = 'urn:cartoes:api';
let server: Server;
let jwksUrl = '';
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  jwksUrl = `http://127.0.0.1:${address.port}/jwks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function token(claims: { aud?: string; iss?: string; exp?: number; scope?: string }, key = privateKey) {
  return new SignJWT({ scope: claims.scope ?? 'cards:read accounts:read' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject('operator')
    .setIssuer(claims.iss ?? issuer)
    .setAudience(claims.aud ?? audience)
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 60)
    .sign(key);
}

describe('createOidcTokenVerifier (the HTTP sandbox accepting the test IdP’s tokens)', () => {
  it('accepts a token signed by a key of the JWKS, with the scopes of its scope claim', async () => {
    const verify = createOidcTokenVerifier({ issuer, audience, jwksUrl });
    expect(await verify(await token({}))).toEqual({
      ok: true,
      subject: 'operator',
      scopes: ['cards:read', 'accounts:read'],
    });
  });

  it('refuses an expired token as expired, and another issuer, audience or key as unknown', async () => {
    const verify = createOidcTokenVerifier({ issuer, audience, jwksUrl });
    const past = Math.floor(Date.now() / 1000) - 10;
    expect(await verify(await token({ exp: past }))).toEqual({ ok: false, reason: 'expired' });
    expect(await verify(await token({ iss: 'http://elsewhere' }))).toEqual({ ok: false, reason: 'unknown' });
    expect(await verify(await token({ aud: 'urn:other' }))).toEqual({ ok: false, reason: 'unknown' });
    const stranger = (await generateKeyPair('RS256')).privateKey;
    expect(await verify(await token({}, stranger))).toEqual({ ok: false, reason: 'unknown' });
    expect(await verify('not-a-jwt')).toEqual({ ok: false, reason: 'unknown' });
  });
});
