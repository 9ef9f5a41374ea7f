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
 * Fetches and validates /config.json. Never cached by the browser: a deployment may change it at any time.
 * index.html preloads it (`as="fetch" crossorigin="anonymous"`) so that it comes in parallel with the
 * entry; this request must keep the preload's mode (cors) and credentials mode (same-origin), or the
 * browser fetches it a second time (e2e/first-paint.spec.ts). The cache mode and headers are not part
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
