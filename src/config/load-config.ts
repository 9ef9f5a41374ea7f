/**
 * Reads the runtime configuration at start-up: the data block stamped into the page, or /config.json
 * where there is none, validated by the config schema either way.
 */
import type { RuntimeConfig } from './config-schema';
import { ConfigError, parseRuntimeConfig } from './parse-config';
import { RUNTIME_CONFIG_ELEMENT_ID } from './runtime-config-element';

export { RUNTIME_CONFIG_ELEMENT_ID, ConfigError, parseRuntimeConfig };

/**
 * The runtime configuration stamped into the page by the server that sent it, if it did: a
 * `<script type="application/json">` data block, which the browser never executes (no CSP change). Null
 * when the page has none (a plain static host): the caller then fetches /config.json.
 */
export function readStampedConfig(doc: Document = document): RuntimeConfig | null {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!(element instanceof HTMLScriptElement) || element.type !== 'application/json') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent);
  } catch {
    throw new ConfigError('the configuration stamped into the page is not valid JSON', null);
  }
  return parseRuntimeConfig(raw);
}

/**
 * The runtime configuration: the data block stamped into the page (no request: it is off the critical
 * path), else /config.json. Either way validated by the same schema.
 */
export async function loadRuntimeConfig(
  doc: Document = document,
  url = '/config.json',
): Promise<RuntimeConfig> {
  const stamped = readStampedConfig(doc);
  if (stamped) return stamped;
  // Only a page from a plain static host gets here: its code stays out of the first download.
  const { fetchRuntimeConfig } = await import('./fetch-config');
  return fetchRuntimeConfig(url);
}
