import { ConfigError, parseRuntimeConfig } from './load-config';

const base = {
  mode: 'provider',
  baseUrl: 'https://api.example.com/cards',
  accountsBaseUrl: 'https://accounts.example.com',
  environmentName: 'Produção',
};
const oidc = {
  type: 'oidc',
  authority: 'https://sso.example.com/realms/cartoes',
  clientId: 'backoffice',
  scope: 'openid accounts:read',
};

function keyOf(raw: unknown): string | null {
  try {
    parseRuntimeConfig(raw);
  } catch (error) {
    if (error instanceof ConfigError) return error.key;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('auth and sessionLimits in config.json', () => {
  it('defaults to the paste-a-token sign-in and A5 limits (5 min idle, 8 h absolute)', () => {
    const config = parseRuntimeConfig(base);
    expect(config.auth).toEqual({ type: 'token' });
    expect(config.sessionLimits).toEqual({ idleTimeoutSeconds: 300, absoluteLifetimeSeconds: 28800 });
  });

  it('accepts an OIDC block and fills its defaults', () => {
    const config = parseRuntimeConfig({ ...base, auth: oidc });
    expect(config.auth).toEqual({ ...oidc, redirectPath: '/entrar/retorno', renewBeforeSeconds: 60 });
  });

  it('accepts plain http only for a local authority (tests, npm run sandbox -- --oidc)', () => {
    expect(
      parseRuntimeConfig({ ...base, auth: { ...oidc, authority: 'http://127.0.0.1:4401' } }).auth.type,
    ).toBe('oidc');
  });

  it.each([
    [{ ...oidc, type: 'saml' }, 'auth.type'],
    [{ ...oidc, authority: 'http://sso.example.com' }, 'auth.authority'],
    [{ ...oidc, authority: 'https://sso.example.com/' }, 'auth.authority'],
    [{ ...oidc, clientId: '' }, 'auth.clientId'],
    [{ ...oidc, scope: 'accounts:read' }, 'auth.scope'],
    [{ ...oidc, redirectPath: 'https://evil.example/cb' }, 'auth.redirectPath'],
    [{ ...oidc, renewBeforeSeconds: 1 }, 'auth.renewBeforeSeconds'],
  ])('names the bad key of %j', (auth, key) => {
    expect(keyOf({ ...base, auth })).toBe(key);
  });

  it('refuses an absolute lifetime not longer than the idle timeout, and an idle timeout under 2 min', () => {
    expect(keyOf({ ...base, sessionLimits: { idleTimeoutSeconds: 600, absoluteLifetimeSeconds: 600 } })).toBe(
      'sessionLimits.absoluteLifetimeSeconds',
    );
    expect(keyOf({ ...base, sessionLimits: { idleTimeoutSeconds: 60, absoluteLifetimeSeconds: 600 } })).toBe(
      'sessionLimits.idleTimeoutSeconds',
    );
  });
});
