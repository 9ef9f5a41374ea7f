// @vitest-environment node
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { createSessionStore, type SessionStore } from '@/api/session';
import {
  ACTIVITY_EVERY_MS,
  bindSessionBroadcast,
  operatorTag,
  type MessageChannelLike,
  type SessionBroadcast,
  type SessionMessage,
} from './session-broadcast';

/**
 * Two tabs of the app, each with its own session, on a real BroadcastChannel (Node's, which behaves as
 * the browser's: a channel never hears its own messages). Every message is recorded as a third tab
 * would hear it.
 */
const NAME = 'cartoes-backoffice.session';
interface Tab {
  session: SessionStore;
  broadcast: SessionBroadcast;
  posted: SessionMessage[];
  /** How many messages reached this tab's listener. */
  received: number;
}
let tabs: Tab[];
let heard: unknown[];
let listener: NodeBroadcastChannel;

/** A real channel that also notes what this tab posted and how many messages reached it. */
function channel(tab: Pick<Tab, 'posted' | 'received'>): MessageChannelLike {
  const real = new NodeBroadcastChannel(NAME) as unknown as MessageChannelLike;
  return {
    postMessage: (message) => {
      tab.posted.push(message);
      real.postMessage(message);
    },
    addEventListener: (type, listener) =>
      real.addEventListener(type, (event) => {
        tab.received += 1;
        listener(event);
      }),
    close: () => real.close(),
  };
}

function openTab(session = createSessionStore()): Tab {
  const notes = { posted: [] as SessionMessage[], received: 0 };
  const broadcast = bindSessionBroadcast(session, channel(notes));
  return Object.assign(notes, { session, broadcast });
}

beforeEach(() => {
  tabs = [openTab(), openTab()];
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

/** Signs a tab in as the identity provider would: with the subject of a checked ID token. */
const signInVerified = (index: number, subject: string) =>
  tab(index).session.signIn(`token-of-${subject}-${index}`, { verifiedSubject: subject });
const statusOf = (index: number) => tab(index).session.getState().status;
/**
 * Waits until every message the tabs asked to send has left, reached every other tab (and `strays` more
 * from outside them), and been handled there: no timer, only what the tabs say they did.
 */
async function quiet(strays = 0) {
  await Promise.all(tabs.map((each) => each.broadcast.settled()));
  const sent = tabs.reduce((count, each) => count + each.posted.length, 0);
  await vi.waitFor(() => {
    for (const each of tabs) expect(each.received).toBe(sent - each.posted.length + strays);
  });
  await Promise.all(tabs.map((each) => each.broadcast.settled()));
}

describe('one session for every tab (BroadcastChannel)', () => {
  it('a sign-out in one tab signs the others out, with only an event name in the message', async () => {
    signInVerified(a, 'ana');
    signInVerified(b, 'ana');
    await quiet();
    heard = [];
    tab(a).session.signOut();
    await vi.waitFor(() =>
      expect(tab(b).session.getState()).toMatchObject({ status: 'signed-out', ended: 'elsewhere' }),
    );
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'signed-out' }]));
  });

  it('so does a session limit', async () => {
    signInVerified(a, 'ana');
    signInVerified(b, 'ana');
    await quiet();
    tab(a).session.signOut('idle');
    await vi.waitFor(() => expect(statusOf(b)).toBe('signed-out'));
  });

  it('a sign-in of another verified operator signs the other tabs out; the same operator’s does not', async () => {
    signInVerified(a, 'ana');
    await quiet();
    signInVerified(b, 'ana');
    await quiet();
    expect(statusOf(a)).toBe('active');

    tab(b).session.signOut();
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
    signInVerified(a, 'ana');
    await quiet();
    signInVerified(b, 'bruno');
    await vi.waitFor(() =>
      expect(tab(a).session.getState()).toMatchObject({ status: 'signed-out', ended: 'other-operator' }),
    );
    expect(statusOf(b)).toBe('active');
  });

  it('a re-authentication as another verified operator signs the other tabs out', async () => {
    signInVerified(a, 'ana');
    signInVerified(b, 'ana');
    await quiet();
    const state = tab(b).session.getState();
    if (state.status === 'active') tab(b).session.expire(state.generation);
    signInVerified(b, 'bruno');
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
  });

  it('token mode: a sign-in in another tab signs this one out, whatever the token claims', async () => {
    const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    const jwt = `${part({ alg: 'none' })}.${part({ sub: 'ana', scope: 'cards:read' })}.`;
    tab(a).session.signIn(jwt);
    await quiet();
    tab(b).session.signIn(jwt);
    await vi.waitFor(() =>
      expect(tab(a).session.getState()).toMatchObject({ status: 'signed-out', ended: 'other-operator' }),
    );
    // Nor is an unverified tab kept by a verified operator’s sign-in.
    tab(a).session.signIn(jwt);
    await vi.waitFor(() => expect(statusOf(b)).toBe('signed-out'));
    signInVerified(b, 'ana');
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
  });

  it('a tab that starts signed in (back from the identity provider) announces it', async () => {
    signInVerified(a, 'ana');
    const session = createSessionStore();
    session.signIn('token-of-bruno', { verifiedSubject: 'bruno' });
    const late = openTab(session);
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
    late.broadcast.close();
  });

  it('messages carry no subject and no token: a tag salted anew each time', async () => {
    signInVerified(a, 'ana');
    signInVerified(b, 'ana');
    tab(a).broadcast.announceActivity(10_000);
    tab(a).broadcast.announceActivity(10_000 + ACTIVITY_EVERY_MS);
    await vi.waitFor(() => expect(heard).toHaveLength(4));
    const text = JSON.stringify(heard);
    expect(text).not.toMatch(/ana|token-of/);
    const tags = heard.map((message) => (message as { operator: { tag: string } }).operator.tag);
    expect(new Set(tags).size).toBe(4);
    const [one, two] = [await operatorTag('ana'), await operatorTag('ana')];
    expect(one?.tag).not.toBe(two?.tag);
  });

  it('a tab signed out by another does not echo it, and a renewal says nothing', async () => {
    signInVerified(a, 'ana');
    tab(a).session.signIn('token-a-renewed', { verifiedSubject: 'ana' });
    signInVerified(b, 'ana');
    await quiet();
    tab(b).session.signOut();
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
    await quiet();
    expect(tab(a).posted.map((message) => message.type)).toEqual(['signed-in']);
    expect(tab(b).posted.map((message) => message.type)).toEqual(['signed-in', 'signed-out']);
  });

  it('activity in one tab reaches the others of the same operator, at most once every few seconds', async () => {
    signInVerified(a, 'ana');
    signInVerified(b, 'ana');
    const seen: number[] = [];
    tab(b).broadcast.onRemoteActivity(() => seen.push(1));
    tab(a).broadcast.announceActivity(10_000);
    tab(a).broadcast.announceActivity(10_000 + ACTIVITY_EVERY_MS - 1);
    tab(a).broadcast.announceActivity(10_000 + ACTIVITY_EVERY_MS);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
  });

  it('activity of another operator’s tab, or of an unverified one, keeps no tab alive', async () => {
    signInVerified(b, 'ana');
    const seen: number[] = [];
    tab(b).broadcast.onRemoteActivity(() => seen.push(1));
    // A tab that missed the sign-in (an older message order, another build): its activity is bruno's.
    const stray = new NodeBroadcastChannel(NAME);
    stray.postMessage({ type: 'activity', operator: await operatorTag('bruno') });
    stray.postMessage({ type: 'activity', operator: null });
    stray.postMessage('activity');
    await quiet(3);
    expect(statusOf(b)).toBe('active');
    expect(seen).toEqual([]);
    // The control: the same operator's tag counts.
    stray.postMessage({ type: 'activity', operator: await operatorTag('ana') });
    await vi.waitFor(() => expect(seen).toEqual([1]));
    stray.close();
    seen.length = 0;
    // Token mode: nothing to attribute the activity to, so nothing is sent.
    tab(a).session.signIn('opaque');
    await quiet(4);
    tab(a).broadcast.announceActivity(10_000);
    await quiet(4);
    expect(tab(a).posted.map((message) => message.type)).toEqual(['signed-in']);
    expect(seen).toEqual([]);
  });
});
