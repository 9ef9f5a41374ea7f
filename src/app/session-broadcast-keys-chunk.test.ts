// @vitest-environment node
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { createSessionStore, type SessionStore } from '@/api/session';
import { bindSessionBroadcast, type MessageChannelLike, type SessionBroadcast } from './session-broadcast';

/**
 * The exchange's Web Crypto half (operator-keys.ts) is its own chunk: while its fetch fails (a rolling
 * update removed it, the network dropped), no tab can show it is the same operator, so the tabs fail
 * closed (a sign-in elsewhere signs this tab out); once the chunk is back, the next exchange fetches it.
 */
const chunk = vi.hoisted(() => ({ failing: true }));
vi.mock('./operator-keys', async (importOriginal) => {
  if (chunk.failing)
    throw new TypeError('Failed to fetch dynamically imported module: /assets/operator-keys-x.js');
  return importOriginal();
});

const NAME = 'cartoes-backoffice.session';
const opened: SessionBroadcast[] = [];
function openTab(): { session: SessionStore; posted: unknown[] } {
  const session = createSessionStore();
  const posted: unknown[] = [];
  const real = new NodeBroadcastChannel(NAME) as unknown as MessageChannelLike;
  const channel: MessageChannelLike = {
    postMessage: (message) => {
      posted.push(message);
      real.postMessage(message);
    },
    addEventListener: (type, listener) => real.addEventListener(type, listener),
    close: () => real.close(),
  };
  opened.push(bindSessionBroadcast(session, channel));
  return { session, posted };
}
afterEach(() => {
  for (const broadcast of opened.splice(0)) broadcast.close();
});

it('without its Web Crypto chunk a tab compares no operator and fails closed; with it back, the next exchange compares', async () => {
  const [a, b] = [openTab(), openTab()];
  a.session.signIn('token-a', { verifiedSubject: 'ana' });
  await vi.waitFor(() => expect(a.posted).toHaveLength(1));
  // Its announcement carries no key: no tab can check its operator.
  expect(a.posted[0]).toMatchObject({ type: 'signed-in', key: null });
  // The same operator signing in elsewhere cannot be told apart from another: this tab signs out.
  b.session.signIn('token-b', { verifiedSubject: 'ana' });
  await vi.waitFor(() =>
    expect(a.session.getState()).toMatchObject({ status: 'signed-out', ended: 'other-operator' }),
  );

  chunk.failing = false;
  a.session.signIn('token-a-2', { verifiedSubject: 'ana' });
  // b (signed in last, so still in) answers a's key, and a tells its operator under their secret.
  await vi.waitFor(() => expect(b.posted.at(-1)).toMatchObject({ type: 'answer' }), { timeout: 3_000 });
  await vi.waitFor(() => expect(a.posted.at(-1)).toMatchObject({ type: 'operator' }));
  const announced = a.posted.at(-2) as { type: string; key: string | null };
  expect(announced.type).toBe('signed-in');
  expect(announced.key).toMatch(/^[\w-]{80,}$/);
  // b found a its operator's: both stay.
  await vi.waitFor(async () => {
    await Promise.all(opened.map((broadcast) => broadcast.settled()));
    expect(b.posted).toHaveLength(2);
  });
  expect(a.session.getState().status).toBe('active');
  expect(b.session.getState().status).toBe('active');
});
