import { ErrorResponse } from 'oidc-client-ts';
import { classifySignInError, safeReturnPath } from './oidc-auth';

describe('the OIDC callback', () => {
  it('names a state that matches no sign-in of this tab, an IdP refusal and a network failure', () => {
    // oidc-client-ts's own words when the `state` of the callback is not in its state store.
    expect(classifySignInError(new Error('No matching state found in storage'))).toEqual({ kind: 'state' });
    expect(classifySignInError(new ErrorResponse({ error: 'access_denied' }))).toEqual({
      kind: 'provider',
      error: 'access_denied',
    });
    expect(classifySignInError(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
  });

  it('returns only to a path of this origin', () => {
    expect(safeReturnPath({ returnTo: '/proposta/nova/dados-pessoais' })).toBe(
      '/proposta/nova/dados-pessoais',
    );
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'contas', 42]) {
      expect(safeReturnPath({ returnTo })).toBe('/');
    }
    expect(safeReturnPath(undefined)).toBe('/');
  });
});
