import { runtimeConfigSchema, type RuntimeConfig } from './config-schema';

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

/**
 * Fetches and validates /config.json. index.html preloads it (`as="fetch" crossorigin="anonymous"`); this
 * request has the same mode (cors), credentials (same-origin) and default cache mode, so Chromium hands it
 * the preloaded response: a `cache` option or an extra header would make it a second request. Freshness
 * comes from the server: config.json is served `no-store`/`no-cache` (docs/deployment.md), since a
 * deployment may change it at any time.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
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
