// @vitest-environment node
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { createSessionStore, type SessionStore } from '@/api/session';
import {
  ACTIVITY_EVERY_MS,
  bindSessionBroadcast,
  type MessageChannelLike,
  type SessionBroadcast,
} from './session-broadcast';

/**
 * Two tabs of the app, each with its own session, on a real BroadcastChannel (Node's, which behaves as
 * the browser's: a channel never hears its own messages). Every message is recorded as a third tab
 * would hear it.
 */
const NAME = 'cartoes-backoffice.session';
let tabs: Array<{ session: SessionStore; broadcast: SessionBroadcast; posted: string[] }>;
let heard: unknown[];
let listener: NodeBroadcastChannel;

/** A real channel that also notes what this tab posted. */
function channel(posted: string[]): MessageChannelLike {
  const real = new NodeBroadcastChannel(NAME) as unknown as MessageChannelLike;
  return {
    postMessage: (message) => {
      posted.push(message);
      real.postMessage(message);
    },
    addEventListener: (type, listener) => real.addEventListener(type, listener),
    close: () => real.close(),
  };
}

beforeEach(() => {
  tabs = [0, 1].map(() => {
    const session = createSessionStore();
    const posted: string[] = [];
    return { session, posted, broadcast: bindSessionBroadcast(session, channel(posted)) };
  });
  heard = [];
  listener = new NodeBroadcastChannel(NAME);
  listener.onmessage = (event) => heard.push((event as { data: unknown }).data);
});
afterEach(() => {
  for (const tab of tabs) tab.broadcast.close();
  listener.close();
});

const [a, b] = [0, 1] as const;
const tab = (index: number) => {
  const found = tabs[index];
  if (!found) throw new Error('no tab');
  return found;
};

describe('one session for every tab (BroadcastChannel)', () => {
  it('a sign-out in one tab signs the others out, with only an event name in the message', async () => {
    tab(a).session.signIn('token-a');
    tab(b).session.signIn('token-b');
    tab(a).session.signOut();
    await vi.waitFor(() =>
      expect(tab(b).session.getState()).toEqual({ status: 'signed-out', generation: 1, ended: 'elsewhere' }),
    );
    await vi.waitFor(() => expect(heard).toEqual(['signed-out']));
  });

  it('so does a session limit, and a sign-in of another operator over the session', async () => {
    tab(a).session.signIn('token-a');
    tab(b).session.signIn('token-b');
    tab(a).session.signOut('idle');
    await vi.waitFor(() => expect(tab(b).session.getState().status).toBe('signed-out'));

    const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    const jwt = (sub: string) => `${part({ alg: 'none' })}.${part({ sub, scope: 'cards:read' })}.`;
    tab(a).session.signIn(jwt('ana'));
    tab(b).session.signIn(jwt('ana'));
    const state = tab(a).session.getState();
    if (state.status === 'active') tab(a).session.expire(state.generation);
    tab(a).session.signIn(jwt('bruno'));
    await vi.waitFor(() =>
      expect(tab(b).session.getState()).toMatchObject({ status: 'signed-out', ended: 'elsewhere' }),
    );
    expect(heard.every((message) => message === 'signed-out')).toBe(true);
  });

  it('a tab signed out by another does not echo it, and a renewal says nothing', async () => {
    tab(a).session.signIn('token-a');
    tab(a).session.signIn('token-a-renewed');
    tab(b).session.signIn('token-b');
    tab(b).session.signOut();
    await vi.waitFor(() => expect(tab(a).session.getState().status).toBe('signed-out'));
    expect(tab(a).posted).toEqual([]);
    expect(tab(b).posted).toEqual(['signed-out']);
  });

  it('activity in one tab reaches the others, at most once every few seconds', async () => {
    const seen: number[] = [];
    tab(b).broadcast.onRemoteActivity(() => seen.push(1));
    tab(a).broadcast.announceActivity(10_000);
    tab(a).broadcast.announceActivity(10_000 + ACTIVITY_EVERY_MS - 1);
    tab(a).broadcast.announceActivity(10_000 + ACTIVITY_EVERY_MS);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await vi.waitFor(() => expect(heard).toEqual(['activity', 'activity']));
  });
});
