/**
 * Reads the runtime configuration at start-up: `/config.json` beside `index.html`, on every host alike
 * (docs/decisions/030-a-still-shell-and-data-with-the-code.md), validated by the config schema.
 */
import type { RuntimeConfig } from './config-schema';
import { ConfigError, parseRuntimeConfig } from './parse-config';

export { ConfigError, parseRuntimeConfig };

/**
 * Fetches and validates /config.json. Never cached by the browser: a deployment may change it at any
 * time. The request keeps the mode (cors) and credentials mode (same-origin) of index.html's
 * `<link rel="preload" as="fetch" crossorigin="anonymous">`, so that it gets that response, asked for in
 * parallel with the entry script, instead of a second request. The cache mode and headers are not part
 * of the match.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
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
