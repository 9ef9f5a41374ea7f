/**
 * A real OpenID Connect provider for the end-to-end tests and for `npm run sandbox -- --oidc`:
 * `oidc-provider` (the certified Node implementation) on 127.0.0.1, with one public test client
 * (Authorization Code + PKCE, refresh tokens), two users and short token lifetimes. Nothing here is
 * hand-made protocol: the library does discovery, authorisation, PKCE, tokens, JWKS, revocation and
 * end-session; this file only configures it (docs/decisions/008-oidc-sign-in.md).
 *
 * Users (any password): `operator` (every API scope, accounts:read included), `analyst` (card scopes
 * only) and `switched` (the operator's scopes; the only user whose ID tokens the test switches change).
 * Access tokens are RS256 JWTs for the resource `API_RESOURCE`, with the granted scopes in `scope`.
 */
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Server } from 'node:http';

export const OIDC_CLIENT_ID = 'cartoes-backoffice';
/** The resource indicator (RFC 8707) of the provider's API; the sandbox checks it as the audience. */
export const API_RESOURCE = 'urn:cartoes:api';
export const API_SCOPES = ['accounts:read', 'cards:read', 'cards:write'] as const;
export const OIDC_SCOPE = `openid profile ${API_SCOPES.join(' ')}`;
/** Paths of the app the client may come back to (config `auth.redirectPath` and its popup twin). */
export const DEFAULT_REDIRECT_PATH = '/entrar/retorno';

const users: Record<string, { name: string; scopes: readonly string[] }> = {
  operator: { name: 'Operadora de Teste', scopes: API_SCOPES },
  analyst: { name: 'Analista de Teste', scopes: ['cards:read', 'cards:write'] },
  switched: { name: 'Operadora de Teste (tokens alterados)', scopes: API_SCOPES },
};

export interface IdentityProviderOptions {
  port: number;
  /** Origins of the app (e.g. http://127.0.0.1:4173) allowed as redirect targets and CORS callers. */
  appOrigins: readonly string[];
  redirectPath?: string;
  /** Access token lifetime in seconds (short by default, so renewals happen within a test). */
  accessTokenTtlSeconds?: number;
  /**
   * Test only, off unless asked (`--oidc-test-switches`, set by playwright.config.ts): the control
   * endpoint `/__test/id-token` that makes the next ID tokens wrong on purpose (see `tamperIdTokens`).
   */
  testSwitches?: boolean;
}

/**
 * What `POST /__test/id-token?aud=…&iss=…&nonce=replay` asks for: ID tokens still signed by this IdP's key,
 * but for another client, from another issuer, or carrying the nonce of an earlier sign-in (a replay).
 * `DELETE /__test/id-token` goes back to honest tokens.
 */
interface IdTokenTamper {
  aud?: string;
  iss?: string;
  replayNonce?: boolean;
}

export interface IdentityProvider {
  issuer: string;
  close: () => Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function startIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const redirectPath = options.redirectPath ?? DEFAULT_REDIRECT_PATH;
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 60;
  // A fresh signing key per start: tokens from an earlier run are refused, and no key sits on disk.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  // The tests move the browser's clock minutes ahead of this IdP's (page.clock): ID tokens live long
  // enough for the app's expiry check, with its clock skew allowance, to hold across that.
  const idTokenTtl = Math.max(accessTokenTtl, 600);
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'idp-test-key', alg: 'RS256', use: 'sig' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_name: 'Cartões · Back-office',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.appOrigins.flatMap((origin) => [
          `${origin}${redirectPath}`,
          `${origin}${redirectPath}/popup`,
        ]),
        post_logout_redirect_uris: options.appOrigins.map((origin) => `${origin}/entrar`),
        // Registered for back-channel logout with a session, so that its ID tokens carry `sid` (as an
        // institution's provider does, or Keycloak always): the tabs of one session prove it with that.
        // The logout token is posted to this provider itself, which answers 404; nothing waits on it.
        backchannel_logout_uri: `${issuer}/__test/backchannel-logout`,
        backchannel_logout_session_required: true,
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['cartoes-e2e-idp-cookie-key-not-secret'] },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => options.appOrigins.includes(origin),
    claims: { openid: ['sub'], profile: ['name'] },
    findAccount(_ctx, id) {
      const user = users[id];
      if (!user) return undefined;
      return { accountId: id, claims: () => ({ sub: id, name: user.name }) };
    },
    // Each user's grant is decided here (no consent screen): the analyst is refused accounts:read, so
    // their access token simply lacks it, as an institution's role mapping would do.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const user = users[accountId];
      if (!user) return undefined;
      // A second tab signing in on the same session keeps the session's grant (as oidc-provider's own
      // examples do): a new grant would leave the first tab's refresh token on a replaced one.
      const existingId = ctx.oidc.session?.grantIdFor(client.clientId);
      const existing = existingId ? await ctx.oidc.provider.Grant.find(existingId) : undefined;
      if (existing?.accountId === accountId) return existing;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope('openid profile');
      grant.addResourceScope(API_RESOURCE, user.scopes.join(' '));
      const refused = API_SCOPES.filter((scope) => !user.scopes.includes(scope));
      if (refused.length > 0) grant.rejectResourceScope(API_RESOURCE, refused.join(' '));
      await grant.save();
      return grant;
    },
    // A browser client gets a refresh token (rotated on each use) without asking for offline_access:
    // the refresh token is what renews the session silently (see the decision record).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: accessTokenTtl,
      IdToken: idTokenTtl,
      AuthorizationCode: 60,
      RefreshToken: 8 * 60 * 60,
      Grant: 8 * 60 * 60,
      Session: 8 * 60 * 60,
      Interaction: 10 * 60,
    },
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.body = `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><title>Sair</title></head>
<body><main><h1>Sair do provedor de identidade de teste (${escapeHtml(ctx.host)})?</h1>${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sim, sair</button>
<button type="submit" form="op.logoutForm">Não, continuar conectado</button></main></body></html>`;
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== API_RESOURCE) throw new Error(`unknown resource ${resource}`);
          return {
            scope: API_SCOPES.join(' '),
            audience: API_RESOURCE,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  };

  const provider = new Provider(issuer, configuration);
  if (options.testSwitches) tamperIdTokens(provider, privateKey);
  // Plain http on 127.0.0.1 is a test set-up; the library warns about it once, which is expected.
  const server: Server = provider.listen(options.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The test switches (never on outside the end-to-end suite): a control endpoint, and a post-processing
 * step of the token endpoint that re-signs the ID token with the switched claims.
 */
function tamperIdTokens(provider: Provider, privateKey: CryptoKey): void {
  let tamper: IdTokenTamper = {};
  // Only the `switched` user's tokens are changed: the end-to-end tests run side by side, and another
  // test's sign-in must never meet a switch.
  let previousNonce: string | undefined;
  provider.use(async (ctx, next) => {
    if (ctx.path === '/__test/id-token') {
      if (ctx.method === 'POST') {
        const aud = single(ctx.query.aud);
        const iss = single(ctx.query.iss);
        tamper = {
          ...(aud ? { aud } : {}),
          ...(iss ? { iss } : {}),
          ...(ctx.query.nonce === 'replay' ? { replayNonce: true } : {}),
        };
      } else {
        tamper = {};
      }
      ctx.status = 204;
      return;
    }
    await next();
    if (ctx.path !== '/token' || ctx.method !== 'POST' || ctx.status !== 200) return;
    const body: unknown = ctx.body;
    if (typeof body !== 'object' || body === null || !('id_token' in body)) return;
    const idToken = body.id_token;
    if (typeof idToken !== 'string') return;
    const claims = decodeJwt(idToken);
    if (claims.sub !== 'switched') return;
    const earlier = previousNonce;
    if (typeof claims.nonce === 'string') previousNonce = claims.nonce;
    if (Object.keys(tamper).length === 0) return;
    const switched = {
      ...claims,
      ...(tamper.aud ? { aud: tamper.aud } : {}),
      ...(tamper.iss ? { iss: tamper.iss } : {}),
      ...(tamper.replayNonce ? { nonce: earlier ?? 'nonce-of-an-earlier-sign-in' } : {}),
    };
    const header = decodeProtectedHeader(idToken);
    ctx.body = {
      ...body,
      id_token: await new SignJWT(switched).setProtectedHeader({ ...header, alg: 'RS256' }).sign(privateKey),
    };
  });
}
