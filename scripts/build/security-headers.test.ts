import { apiOrigins, contentSecurityPolicy } from './security-headers';

describe('CSP connect-src from the served config', () => {
  it('adds the OIDC authority’s origin beside the API origins, and no frame-src', () => {
    const config = JSON.stringify({
      baseUrl: 'https://api.example.com/cards',
      accountsBaseUrl: '/accounts',
      auth: {
        type: 'oidc',
        authority: 'https://sso.example.com/realms/cartoes',
        clientId: 'x',
        scope: 'openid',
      },
    });
    const origins = apiOrigins(config);
    expect(origins).toEqual(['https://api.example.com', 'https://sso.example.com']);
    const csp = contentSecurityPolicy(origins);
    expect(csp).toContain("connect-src 'self' https://api.example.com https://sso.example.com");
    expect(csp).not.toContain('frame-src');
  });

  it('adds nothing for the token sign-in', () => {
    expect(
      apiOrigins(JSON.stringify({ baseUrl: '/api', accountsBaseUrl: '/accounts', auth: { type: 'token' } })),
    ).toEqual([]);
  });

  it('allows the report collector’s origin only when reportUrl is set', () => {
    const base = { baseUrl: 'https://api.example.com/cards', accountsBaseUrl: '/accounts' };
    expect(apiOrigins(JSON.stringify(base))).toEqual(['https://api.example.com']);
    const withReports = apiOrigins(
      JSON.stringify({ ...base, reportUrl: 'https://ops.bank.example/cartoes/reports' }),
    );
    expect(withReports).toEqual(['https://api.example.com', 'https://ops.bank.example']);
    expect(contentSecurityPolicy(withReports)).toContain(
      "connect-src 'self' https://api.example.com https://ops.bank.example;",
    );
    // A collector on this origin needs nothing more than 'self'.
    expect(apiOrigins(JSON.stringify({ ...base, reportUrl: '/reports' }))).toEqual([
      'https://api.example.com',
    ]);
  });
});
