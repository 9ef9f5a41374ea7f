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
