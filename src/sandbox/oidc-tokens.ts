import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { ExternalTokenVerifier } from './store-options';

/**
 * Lets the HTTP sandbox accept access tokens from a real OpenID Connect provider (the test IdP of
 * `npm run sandbox -- --oidc`): the JWT's signature is checked against the provider's JWKS (fetched and
 * cached by jose), with its issuer, audience and expiry; the scopes come from the token's `scope` claim.
 * Used by the HTTP sandbox only (Node), never by the browser worker.
 */
export function createOidcTokenVerifier(options: {
  issuer: string;
  audience: string;
  jwksUrl?: string;
}): ExternalTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl ?? `${options.issuer}/jwks`));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256', 'ES256', 'PS256'],
      });
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
      return { ok: true, subject: payload.sub ?? 'oidc-user', scopes };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'unknown' };
    }
  };
}
