import type { RuntimeConfig } from './config-schema';
import { ConfigError, parseRuntimeConfig } from './parse-config';

/**
 * Fetches and validates /config.json, for a page served without the data block. Never cached by the
 * browser: a deployment may change it at any time. The request keeps the mode (cors) and credentials mode
 * (same-origin) of a `<link rel="preload" as="fetch" crossorigin="anonymous">`, so that a page that
 * preloads it gets that response instead of a second request. The cache mode and headers are not part of
 * the match.
 */
export async function fetchRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ConfigError(`${url} could not be fetched (network error)`, null);
  }
  if (!response.ok) throw new ConfigError(`${url} answered HTTP ${response.status}`, null);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new ConfigError(`${url} is not valid JSON`, null);
  }
  return parseRuntimeConfig(raw);
}
