import type { RuntimeConfig } from '@/config/config-schema';
import { createHttpClient, type ApiFailure, type HttpClient } from './http-client';
import type { IdentityProviderAuth } from './identity-provider';
import type { SessionStore } from './session';

/**
 * What the screens reach the outside world through. main.tsx makes it once, before the first render,
 * and `ServicesProvider` (src/hooks/services-context.tsx) hands it down; a test makes its own. Nothing
 * in src/api keeps one in a module: the query-options factories and the mutation functions take the
 * client as their first argument.
 */
export interface Services {
  /** The one client of the provider's interface (base URLs, bearer token, time-out, parsing). */
  http: HttpClient;
  /** The OpenID Connect sign-in (`startOidc`, loaded only with `auth.type: "oidc"`); null with a token. */
  identityProvider: IdentityProviderAuth | null;
}

export type ServicesConfig = Pick<
  RuntimeConfig,
  'baseUrl' | 'accountsBaseUrl' | 'requestTimeoutMs' | 'sendIdempotencyKey'
>;

export interface ServicesOptions {
  /** Where the bearer token is read, and which a 401 expires. */
  session: SessionStore;
  /** What `startOidc` returned; none in token mode. */
  identityProvider?: IdentityProviderAuth | null;
  /** Told every failed call (for the operational reports). */
  onFailure?: (failure: ApiFailure) => void;
}

export function createServices(config: ServicesConfig, options: ServicesOptions): Services {
  return {
    http: createHttpClient({
      baseUrl: config.baseUrl,
      accountsBaseUrl: config.accountsBaseUrl,
      timeoutMs: config.requestTimeoutMs,
      sendIdempotencyKey: config.sendIdempotencyKey,
      session: options.session,
      ...(options.onFailure ? { onFailure: options.onFailure } : {}),
    }),
    identityProvider: options.identityProvider ?? null,
  };
}
