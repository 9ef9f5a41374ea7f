import { runtimeConfigSchema, type RuntimeConfig } from './config-schema';
import { RUNTIME_CONFIG_ELEMENT_ID } from './runtime-config-element';

/** Why the configuration could not be used; `key` names the offending key when there is one. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly key: string | null,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Validates an already-parsed config.json; throws a ConfigError naming the first bad key. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : null;
  throw new ConfigError(issue?.message ?? 'invalid configuration', key);
}

export { RUNTIME_CONFIG_ELEMENT_ID };

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
  return readStampedConfig(doc) ?? fetchRuntimeConfig(url);
}

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
