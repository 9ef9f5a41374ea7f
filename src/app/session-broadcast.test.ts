// @vitest-environment node
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { createSessionStore, type SessionStore } from '@/api/session';
import { createHash, createHmac } from 'node:crypto';
import {
  ACTIVITY_EVERY_MS,
  bindSessionBroadcast,
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
 * from outside them), and been handled there, answers to answers included: no timer, only what the tabs
 * say they did.
 */
async function quiet(strays = 0) {
  const postedNow = () => tabs.reduce((count, each) => count + each.posted.length, 0);
  for (;;) {
    let sent = 0;
    await vi.waitFor(async () => {
      await Promise.all(tabs.map((each) => each.broadcast.settled()));
      sent = postedNow();
      for (const each of tabs) expect(each.received).toBe(sent - each.posted.length + strays);
    });
    await Promise.all(tabs.map((each) => each.broadcast.settled()));
    if (postedNow() === sent) return;
  }
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

  it('messages carry no subject, no token, nor anything a reader could test a guess of the subject against', async () => {
    // A staff number: few enough candidates that a reader who may hash them all would find it from
    // any value computed from it and from what the messages hold (one was found in 48,213 hashes).
    const subject = '004217';
    signInVerified(a, subject);
    await quiet();
    signInVerified(b, subject);
    await quiet();
    tab(a).broadcast.announceActivity(10_000);
    await quiet();
    const text = JSON.stringify(heard);
    expect(text).not.toMatch(/004217|token-of/);
    // Every value of every message the tabs sent, each tried as a salt and as a key (whatever
    // construction the app might use: a salted SHA-256 as before, an HMAC), against every candidate.
    const values = heard
      .flatMap((message) =>
        Object.values(message as Record<string, unknown>).flatMap((value) =>
          typeof value === 'string' ? [value] : Object.values((value ?? {}) as Record<string, unknown>),
        ),
      )
      .filter((value): value is string => typeof value === 'string');
    const found = new Set<string>();
    for (let number = 0; number <= 9_999; number++) {
      const candidate = String(number).padStart(6, '0');
      for (const salt of values) {
        const salted = createHash('sha256')
          .update(`cartoes-backoffice.session\u0000${salt}\u0000${candidate}`)
          .digest('base64url');
        const keyed = createHmac('sha256', salt)
          .update(`cartoes-backoffice.session\u0000operator\u0000${candidate}`)
          .digest('base64url');
        if (values.includes(salted) || values.includes(keyed)) found.add(candidate);
      }
    }
    expect(found).toEqual(new Set());
    // The control: the tabs did compare operators (both stay, each counts the other's activity).
    expect(heard.map((message) => (message as SessionMessage).type)).toEqual([
      'signed-in',
      'signed-in',
      'answer',
      'operator',
      'activity',
    ]);
    expect([statusOf(a), statusOf(b)]).toEqual(['active', 'active']);
    // Another exchange of the same operator (a third tab) has a tag of its own: nothing links the two.
    const tagOf = (messages: unknown[]) =>
      messages.flatMap((message) => ((message as { type: string }).type === 'operator' ? [message] : []));
    const first = tagOf(heard);
    // A third tab, opened now: it heard none of the messages before it.
    const third = openTab();
    third.received = tabs.reduce((count, each) => count + each.posted.length, 0);
    tabs.push(third);
    heard = [];
    signInVerified(2, subject);
    await quiet();
    const second = tagOf(heard);
    expect(second).toHaveLength(2);
    for (const message of second) expect(first).not.toContainEqual(message);
  });

  it('a tab signed out by another does not echo it, and a renewal says nothing', async () => {
    signInVerified(a, 'ana');
    tab(a).session.signIn('token-a-renewed', { verifiedSubject: 'ana' });
    await quiet();
    signInVerified(b, 'ana');
    await quiet();
    tab(b).session.signOut();
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
    await quiet();
    // a answered b's sign-in (and found it its operator's); b told its operator (a tag), and signed out.
    expect(tab(a).posted.map((message) => message.type)).toEqual(['signed-in', 'answer']);
    expect(tab(b).posted.map((message) => message.type)).toEqual(['signed-in', 'operator', 'signed-out']);
  });

  it('activity in one tab reaches the others of the same operator, at most once every few seconds', async () => {
    signInVerified(a, 'ana');
    signInVerified(b, 'ana');
    await quiet();
    const seen: number[] = [];
    tab(b).broadcast.onRemoteActivity(() => seen.push(1));
    tab(a).broadcast.announceActivity(10_000);
    tab(a).broadcast.announceActivity(10_000 + ACTIVITY_EVERY_MS - 1);
    tab(a).broadcast.announceActivity(10_000 + ACTIVITY_EVERY_MS);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
  });

  it('activity of another operator’s tab, or of an unverified one, keeps no tab alive', async () => {
    signInVerified(b, 'ana');
    await quiet();
    const seen: number[] = [];
    tab(b).broadcast.onRemoteActivity(() => seen.push(1));
    // A tab that never took part in an exchange with this one (an older build, a stray message).
    const stray = new NodeBroadcastChannel(NAME);
    stray.postMessage({ type: 'activity', from: 'stray' });
    stray.postMessage({ type: 'activity', operator: null });
    stray.postMessage({ type: 'operator', from: 'stray', to: 'anyone', tag: 'x' });
    stray.postMessage('activity');
    await quiet(4);
    expect(statusOf(b)).toBe('active');
    expect(seen).toEqual([]);
    stray.close();
    // Another operator's tab: its sign-in signs b out, and nothing of it is counted.
    signInVerified(a, 'bruno');
    await vi.waitFor(() => expect(statusOf(b)).toBe('signed-out'));
    // The control: b again, as bruno: a and b exchange, and a's activity counts in b.
    signInVerified(b, 'bruno');
    await quiet(4);
    tab(a).broadcast.announceActivity(10_000);
    await vi.waitFor(() => expect(seen).toEqual([1]));
    seen.length = 0;
    // Token mode: nothing to attribute the activity to, so nothing is sent.
    tab(a).session.signOut();
    await quiet(4);
    tab(a).session.signIn('opaque');
    await quiet(4);
    const before = tab(a).posted.length;
    tab(a).broadcast.announceActivity(20_000);
    await quiet(4);
    expect(tab(a).posted.slice(before)).toEqual([]);
    expect(seen).toEqual([]);
  });
});
