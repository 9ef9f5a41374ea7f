import { createSessionStore } from './session';

const jwt = (payload: object) =>
  `${btoa(JSON.stringify({ alg: 'RS256', typ: 'at+jwt' }))}.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.c2ln`;

describe('session.signIn with what the token response granted', () => {
  it('takes the scopes of the token response for an opaque access token', () => {
    const store = createSessionStore();
    store.signIn('opaque-token', { scopes: ['openid', 'accounts:read'], subject: 'operator' });
    const state = store.getState();
    expect(state.status === 'active' && state.claims).toEqual({
      subject: 'operator',
      expiresAt: null,
      scopes: ['openid', 'accounts:read'],
    });
  });

  it('prefers the JWT access token’s own scope claim', () => {
    const store = createSessionStore();
    store.signIn(jwt({ sub: 'analyst', scope: 'cards:read' }), { scopes: ['accounts:read'] });
    const state = store.getState();
    expect(state.status === 'active' && state.claims?.scopes).toEqual(['cards:read']);
  });

  it('records why a session limit ended the session, and a plain sign-out says nothing', () => {
    const store = createSessionStore();
    store.signIn('t');
    store.signOut('idle');
    expect(store.getState()).toMatchObject({ status: 'signed-out', ended: 'idle' });
    store.signIn('t');
    store.signOut();
    expect(store.getState()).not.toHaveProperty('ended');
  });
});
