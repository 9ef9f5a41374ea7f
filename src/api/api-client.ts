import { createHttpClient, type HttpClient, type HttpClientOptions } from './http-client';
import { session } from './session';

let current: HttpClient | null = null;

/**
 * Configures the app's one HTTP client from the runtime config. Called once by main.tsx before the first
 * render (and by test set-up); the query and mutation factories reach the client through `apiClient()`.
 */
export function configureApiClient(
  options: Omit<HttpClientOptions, 'session'> & { session?: HttpClientOptions['session'] },
) {
  current = createHttpClient({ session, ...options });
  return current;
}

export function apiClient(): HttpClient {
  if (!current) throw new Error('API client used before configureApiClient()');
  return current;
}
