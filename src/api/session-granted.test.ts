import { createSessionStore, sameOperator, type SessionStore } from './session';

const jwt = (payload: object) =>
  `${btoa(JSON.stringify({ alg: 'RS256', typ: 'at+jwt' }))}.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.c2ln`;

describe('session.signIn with what the token response granted', () => {
  it('takes the scopes of the token response for an opaque access token', () => {
    const store = createSessionStore();
    store.signIn('opaque-token', { scopes: ['openid', 'accounts:read'], verifiedSubject: 'operator' });
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

describe('one operator per session, decided only from a verified identity', () => {
  const jwtOf = (sub: string) => jwt({ sub, scope: 'cards:read' });
  const activeOf = (store: SessionStore) => {
    const state = store.getState();
    if (state.status !== 'active') throw new Error('not signed in');
    return state;
  };
  const expire = (store: SessionStore) => store.expire(activeOf(store).generation);

  it('keeps the operator and the start across a renewal and a re-authentication of the same verified subject', () => {
    const store = createSessionStore();
    store.signIn(jwtOf('ana'), { verifiedSubject: 'ana', authenticatedAt: 1_000 });
    const first = activeOf(store);
    store.signIn(jwtOf('ana'), { verifiedSubject: 'ana' });
    expire(store);
    store.signIn(jwtOf('ana'), { verifiedSubject: 'ana' });
    const after = activeOf(store);
    expect(after.operator).toBe(first.operator);
    expect(after.startedAt).toBe(1_000);
  });

  it('another verified subject is another operator, with its own start', () => {
    const store = createSessionStore();
    store.signIn(jwtOf('ana'), { verifiedSubject: 'ana', authenticatedAt: 1_000 });
    const ana = activeOf(store);
    store.signIn(jwtOf('bruno'), { verifiedSubject: 'bruno' });
    const bruno = activeOf(store);
    expect(bruno.operator).not.toBe(ana.operator);
    expect(bruno.startedAt).toBeGreaterThan(1_000);
  });

  // Token mode: what a pasted token says of its holder is checked by nobody here.
  for (const [what, before, after] of [
    ['two opaque tokens', 'opaque-1', 'opaque-2'],
    [
      'two JWTs without a subject',
      jwt({ scope: 'cards:read', jti: '1' }),
      jwt({ scope: 'cards:read', jti: '2' }),
    ],
    ['two JWTs claiming the same subject', jwtOf('ana'), jwtOf('ana')],
    ['an unsigned JWT claiming the subject of the first', jwtOf('ana'), jwtOf('ana').slice(0, -4)],
  ] as const) {
    it(`${what}, without a verified subject, are two operators`, () => {
      const store = createSessionStore();
      store.signIn(before);
      const first = activeOf(store);
      expire(store);
      store.signIn(after);
      expect(activeOf(store).operator).not.toBe(first.operator);
    });
  }

  it('a verified subject on one side only is someone else; nothing unverified is ever the same', () => {
    expect(sameOperator('ana', 'ana')).toBe(true);
    expect(sameOperator('ana', 'bruno')).toBe(false);
    expect(sameOperator('ana', null)).toBe(false);
    expect(sameOperator(null, 'ana')).toBe(false);
    expect(sameOperator(null, null)).toBe(false);
    const store = createSessionStore();
    store.signIn(jwtOf('ana'), { verifiedSubject: 'ana' });
    const first = activeOf(store);
    store.signIn(jwtOf('ana'));
    expect(activeOf(store).operator).not.toBe(first.operator);
  });

  it('empties the tab before the new operator’s token can be used: no token while the operator changes', () => {
    const store = createSessionStore();
    store.signIn('opaque-1');
    const first = activeOf(store);
    expire(store);
    const seen: Array<{ operator: number | null; token: string | null }> = [];
    store.subscribe(() => {
      const state = store.getState();
      seen.push({ operator: state.status === 'signed-out' ? null : state.operator, token: store.getToken() });
    });
    store.signIn('opaque-2');
    const changed = seen.find((entry) => entry.operator !== first.operator);
    expect(changed).toEqual({ operator: activeOf(store).operator, token: null });
    expect(seen.at(-1)).toEqual({ operator: activeOf(store).operator, token: 'opaque-2' });
  });

  it('the validated ID token’s subject is the one shown, over the access token’s', () => {
    const store = createSessionStore();
    store.signIn(jwtOf('from-access-token'), { verifiedSubject: 'from-id-token' });
    expect(activeOf(store)).toMatchObject({
      verifiedSubject: 'from-id-token',
      claims: { subject: 'from-id-token' },
    });
  });

  it('never starts the absolute limit in the future', () => {
    const store = createSessionStore();
    const before = Date.now();
    store.signIn('opaque', { verifiedSubject: 'ana', authenticatedAt: before + 7_200_000 });
    expect(activeOf(store).startedAt).toBeLessThanOrEqual(Date.now());
    expect(activeOf(store).startedAt).toBeGreaterThanOrEqual(before);
  });
});
