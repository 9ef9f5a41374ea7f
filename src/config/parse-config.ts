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
  // A key a strict part does not have (an `authority` beside "type": "token") is named itself.
  const unknown = issue?.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [];
  const path = issue ? [...issue.path.map(String), ...unknown] : [];
  const message = unknown.length > 0 ? 'is not a key of this part of the configuration' : issue?.message;
  throw new ConfigError(message ?? 'invalid configuration', path.length > 0 ? path.join('.') : null);
}
