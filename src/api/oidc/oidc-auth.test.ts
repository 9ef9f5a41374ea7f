// @vitest-environment jsdom
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
    // Its own ID token checks: a nonce other than the one this tab sent (a replay), a missing subject.
    expect(
      classifySignInError(new Error('nonce in id_token does not match nonce in client storage')),
    ).toEqual({
      kind: 'id-token',
    });
    expect(classifySignInError(new Error('ID Token is missing a subject claim'))).toEqual({
      kind: 'id-token',
    });
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
