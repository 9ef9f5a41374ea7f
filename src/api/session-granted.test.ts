import { createSessionStore, sameOperator } from './session';

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

describe('one operator per session', () => {
  const jwtOf = (sub: string) => jwt({ sub, scope: 'cards:read' });

  it('keeps the operator and the start across a renewal and a re-authentication of the same subject', () => {
    const store = createSessionStore();
    store.signIn(jwtOf('ana'), { authenticatedAt: 1_000 });
    const first = store.getState();
    store.signIn(jwtOf('ana'));
    const state = store.getState();
    if (state.status === 'active') store.expire(state.generation);
    store.signIn(jwtOf('ana'));
    const after = store.getState();
    expect(first.status === 'active' && after.status === 'active').toBe(true);
    if (first.status !== 'active' || after.status !== 'active') return;
    expect(after.operator).toBe(first.operator);
    expect(after.startedAt).toBe(1_000);
  });

  it('another subject is another operator, with its own start', () => {
    const store = createSessionStore();
    store.signIn(jwtOf('ana'), { authenticatedAt: 1_000 });
    const ana = store.getState();
    store.signIn(jwtOf('bruno'));
    const bruno = store.getState();
    if (ana.status !== 'active' || bruno.status !== 'active') throw new Error('not signed in');
    expect(bruno.operator).not.toBe(ana.operator);
    expect(bruno.startedAt).toBeGreaterThan(1_000);
  });

  it('a subject on one side only is someone else; opaque tokens on both sides are the same operator', () => {
    expect(sameOperator({ subject: 'ana', expiresAt: null, scopes: [] }, null)).toBe(false);
    expect(sameOperator(null, { subject: 'ana', expiresAt: null, scopes: [] })).toBe(false);
    expect(sameOperator(null, null)).toBe(true);
    const store = createSessionStore();
    store.signIn('opaque-1');
    const before = store.getState();
    store.signIn('opaque-2');
    const after = store.getState();
    expect(
      before.status === 'active' && after.status === 'active' && after.operator === before.operator,
    ).toBe(true);
  });

  it('the identity provider’s validated subject wins over the access token’s', () => {
    const store = createSessionStore();
    store.signIn(jwtOf('from-access-token'), { subject: 'from-id-token' });
    const state = store.getState();
    expect(state.status === 'active' && state.claims?.subject).toBe('from-id-token');
  });
});
