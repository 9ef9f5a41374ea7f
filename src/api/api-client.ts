import type { RuntimeConfig } from '@/config/config-schema';
import { createHttpClient, type ApiFailure, type HttpClient } from './http-client';
import { session as appSession, type SessionStore } from './session';

let current: HttpClient | null = null;

type ApiClientConfig = Pick<
  RuntimeConfig,
  'baseUrl' | 'accountsBaseUrl' | 'requestTimeoutMs' | 'sendIdempotencyKey'
>;

/**
 * Configures the app's one HTTP client from the runtime config. Called once by main.tsx before the first
 * render (and by test set-up); the query and mutation factories reach the client through `apiClient()`.
 */
export function configureApiClient(
  config: ApiClientConfig,
  session: SessionStore = appSession,
  onFailure?: (failure: ApiFailure) => void,
): HttpClient {
  current = createHttpClient({
    baseUrl: config.baseUrl,
    accountsBaseUrl: config.accountsBaseUrl,
    timeoutMs: config.requestTimeoutMs,
    sendIdempotencyKey: config.sendIdempotencyKey,
    session,
    ...(onFailure ? { onFailure } : {}),
  });
  return current;
}

export function apiClient(): HttpClient {
  if (!current) throw new Error('API client used before configureApiClient()');
  return current;
}
