import { ConfigError, parseRuntimeConfig } from './load-config';

const provider = {
  mode: 'provider',
  baseUrl: 'https://api.example.com/cards',
  accountsBaseUrl: 'https://accounts.example.com',
  environmentName: 'Produção',
};
const sandbox = { ...provider, mode: 'sandbox' };

function refusal(raw: unknown): { key: string | null; message: string } | null {
  try {
    parseRuntimeConfig(raw);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return { key: error.key, message: error.message };
    throw error;
  }
}

/** Every key the app sends a request to, with a value it accepts in both modes. */
const urlKeys = {
  baseUrl: '/api',
  accountsBaseUrl: '/accounts',
  cepLookupUrl: '/cep/{cep}/json',
  reportUrl: '/reports',
} as const;
const withCep = (key: keyof typeof urlKeys, value: string) =>
  key === 'cepLookupUrl' ? `${value}/{cep}` : value;

describe('URLs in config.json (the bearer token and the reports go only where they should)', () => {
  it.each(Object.keys(urlKeys) as Array<keyof typeof urlKeys>)(
    '%s: refuses a host hidden in a path ("//host", "/\\host") in either mode',
    (key) => {
      for (const value of ['//evil.example/api', '/\\evil.example/api', '/api\\x', '/a b']) {
        for (const config of [provider, sandbox]) {
          expect(refusal({ ...config, [key]: withCep(key, value) })?.key).toBe(key);
        }
      }
    },
  );

  it.each(Object.keys(urlKeys) as Array<keyof typeof urlKeys>)(
    '%s: plain http only on loopback in provider mode, anywhere in sandbox mode',
    (key) => {
      const remote = withCep(key, 'http://api.example.com/x');
      expect(refusal({ ...provider, [key]: remote })).toEqual({
        key,
        message: 'must be https (plain http only on 127.0.0.1, localhost or [::1])',
      });
      expect(refusal({ ...sandbox, [key]: remote })).toBeNull();
      for (const local of ['http://127.0.0.1:4400/x', 'http://localhost:4400/x', 'http://[::1]:4400/x']) {
        expect(refusal({ ...provider, [key]: withCep(key, local) })).toBeNull();
      }
      expect(refusal({ ...provider, [key]: withCep(key, 'https://api.example.com/x') })).toBeNull();
      expect(refusal({ ...provider, [key]: urlKeys[key] })).toBeNull();
    },
  );

  it('refuses other schemes and a user:password part', () => {
    expect(refusal({ ...sandbox, baseUrl: 'ftp://api.example.com' })?.key).toBe('baseUrl');
    expect(refusal({ ...sandbox, baseUrl: 'javascript:alert(1)' })?.key).toBe('baseUrl');
    expect(refusal({ ...provider, reportUrl: 'https://user:pw@reports.example.com' })?.key).toBe('reportUrl');
  });

  it('the identity provider: https, or http on loopback, never a path or a hidden host', () => {
    const auth = { type: 'oidc', clientId: 'backoffice', scope: 'openid' };
    for (const authority of ['http://sso.example.com', '//sso.example.com', '/\\sso.example.com', '/sso']) {
      expect(refusal({ ...sandbox, auth: { ...auth, authority } })?.key).toBe('auth.authority');
    }
    expect(refusal({ ...provider, auth: { ...auth, authority: 'http://[::1]:4401' } })).toBeNull();
  });

  it('reportUrl is optional and kept as given', () => {
    expect(parseRuntimeConfig(provider).reportUrl).toBeUndefined();
    expect(parseRuntimeConfig({ ...provider, reportUrl: 'https://ops.example.com/r' }).reportUrl).toBe(
      'https://ops.example.com/r',
    );
  });
});
