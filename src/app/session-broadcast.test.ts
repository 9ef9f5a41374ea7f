// @vitest-environment node
import { createHash, createHmac, randomBytes, webcrypto } from 'node:crypto';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { createSessionStore, type SessionStore } from '@/api/session';
import {
  ACTIVITY_EVERY_MS,
  bindSessionBroadcast,
  type MessageChannelLike,
  type SessionBroadcast,
  type SessionMessage,
} from './session-broadcast';

/**
 * Tabs of the app, each with its own session, on a real BroadcastChannel (Node's, which behaves as the
 * browser's: a channel never hears its own messages). Every message is recorded as a third tab would
 * hear it.
 */
const NAME = 'cartoes-backoffice.session';
interface Tab {
  session: SessionStore;
  broadcast: Pick<SessionBroadcast, 'settled' | 'close'> & Partial<SessionBroadcast>;
  posted: unknown[];
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
const broadcastOf = (index: number) => tab(index).broadcast as SessionBroadcast;

/** The identity provider's session ids (`sid`): random, as a provider's are. */
const SESSION = { ana: randomBytes(16).toString('hex'), bruno: randomBytes(16).toString('hex') };
/** Signs a tab in as the identity provider would: a checked ID token's subject and session. */
const signInVerified = (index: number, subject: string, sid = SESSION.ana) =>
  tab(index).session.signIn(`token-of-${subject}-${index}`, {
    verifiedSubject: subject,
    verifiedSession: sid,
  });
const statusOf = (index: number) => tab(index).session.getState().status;
/**
 * Waits until every message the tabs asked to send has left, reached every other tab, and been handled
 * there, answers included: no timer, only what the tabs say they did.
 */
async function quiet() {
  const postedNow = () => tabs.reduce((count, each) => count + each.posted.length, 0);
  for (;;) {
    let sent = 0;
    await vi.waitFor(async () => {
      await Promise.all(tabs.map((each) => each.broadcast.settled()));
      sent = postedNow();
      for (const each of tabs) expect(each.received).toBe(sent - each.posted.length);
    });
    await Promise.all(tabs.map((each) => each.broadcast.settled()));
    if (postedNow() === sent) return;
  }
}

/**
 * A page of the app's origin that is no signed-in tab (a page an attacker runs script in, a stale build):
 * it answers every sign-in as a tab of the same operator would have in the exchange before this one (an
 * ECDH key of its own), replays every sign-in and activity it hears, and posts activity of its own.
 */
function openForgedPeer(): Tab & { postActivity: () => void } {
  const notes = { posted: [] as unknown[], received: 0 };
  const real = new NodeBroadcastChannel(NAME);
  let chain: Promise<void> = Promise.resolve();
  const post = (message: unknown) => {
    notes.posted.push(message);
    real.postMessage(message);
  };
  const base64Url = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64url');
  real.onmessage = (event) => {
    notes.received += 1;
    const message = (event as { data: Record<string, unknown> }).data;
    chain = chain.then(async () => {
      if (message.type === 'signed-in' && typeof message.key === 'string') {
        const keys = await webcrypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
          'deriveBits',
        ]);
        const key = base64Url(await webcrypto.subtle.exportKey('raw', keys.publicKey));
        post({ type: 'answer', from: 'forged', to: message.from, key });
      }
      if (message.type === 'signed-in' || message.type === 'activity') post(message);
    });
  };
  const broadcast = {
    settled: async () => {
      for (;;) {
        const now = chain;
        await now;
        if (now === chain) return;
      }
    },
    close: () => real.close(),
  };
  return Object.assign(notes, {
    session: createSessionStore(),
    broadcast,
    postActivity() {
      post({ type: 'activity', from: 'forged' });
      post({ type: 'activity', at: Date.now() + 60_000, proof: randomBytes(32).toString('base64url') });
    },
  });
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

  it('a sign-in on another session of the identity provider signs the other tabs out; one on the same does not', async () => {
    signInVerified(a, 'ana');
    await quiet();
    signInVerified(b, 'ana');
    await quiet();
    expect(statusOf(a)).toBe('active');

    tab(b).session.signOut();
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
    signInVerified(a, 'ana');
    await quiet();
    signInVerified(b, 'bruno', SESSION.bruno);
    await vi.waitFor(() =>
      expect(tab(a).session.getState()).toMatchObject({ status: 'signed-out', ended: 'other-operator' }),
    );
    expect(statusOf(b)).toBe('active');
    // The same operator from a provider that sends no `sid`: nothing to prove the session with.
    const third = openTab();
    tabs.push(third);
    third.session.signIn('token-of-bruno-2', { verifiedSubject: 'bruno' });
    await vi.waitFor(() => expect(statusOf(b)).toBe('signed-out'));
  });

  it('a re-authentication as another verified operator signs the other tabs out', async () => {
    signInVerified(a, 'ana');
    signInVerified(b, 'ana');
    await quiet();
    const state = tab(b).session.getState();
    if (state.status === 'active') tab(b).session.expire(state.generation);
    signInVerified(b, 'bruno', SESSION.bruno);
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
  });

  it('token mode: a sign-in in another tab signs this one out, whatever the token claims', async () => {
    const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    const jwt = `${part({ alg: 'none' })}.${part({ sub: 'ana', sid: SESSION.ana, scope: 'cards:read' })}.`;
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
    session.signIn('token-of-bruno', { verifiedSubject: 'bruno', verifiedSession: SESSION.bruno });
    const late = openTab(session);
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
    late.broadcast.close();
  });

  it('a page of the origin that answers, replays and posts activity keeps no tab alive; a tab of the same session does', async () => {
    const forged = openForgedPeer();
    tabs.push(forged);
    const seen: number[] = [];
    broadcastOf(a).onRemoteActivity(() => seen.push(1));
    signInVerified(a, 'ana');
    await quiet();
    forged.postActivity();
    await quiet();
    expect(statusOf(a)).toBe('active');
    expect(seen).toEqual([]);

    // The control: a tab of the same session; its activity counts once, however often it is replayed.
    signInVerified(b, 'ana');
    await quiet();
    broadcastOf(b).announceActivity(Date.now());
    await quiet();
    forged.postActivity();
    await quiet();
    expect([statusOf(a), statusOf(b)]).toEqual(['active', 'active']);
    expect(seen).toEqual([1]);
  });

  it('messages carry no subject, session or token, nor anything a reader could test a guess of the subject against', async () => {
    // A staff number: few enough candidates that a reader who may hash them all would find it from any
    // value computed from it and from what the messages hold.
    const subject = '004217';
    signInVerified(a, subject);
    await quiet();
    signInVerified(b, subject);
    await quiet();
    broadcastOf(a).announceActivity(Date.now());
    await quiet();
    const text = JSON.stringify(heard);
    expect(text).not.toMatch(new RegExp(`004217|token-of|${SESSION.ana}`));
    const messages = heard as Array<{ type: string; at: number; proof: string }>;
    expect(messages.map((message) => message.type)).toEqual(['signed-in', 'signed-in', 'activity']);
    // What a reader could try with every candidate (an HMAC keyed by the subject, a SHA-256 of the
    // message with the subject): none gives back a proof.
    const proofs = messages.map((message) => message.proof);
    const found = new Set<string>();
    for (let number = 0; number <= 9_999; number++) {
      const candidate = String(number).padStart(6, '0');
      for (const message of messages) {
        const input = `cartoes-backoffice.session\u0000${message.type}\u0000${message.at}`;
        const tries = [
          createHmac('sha256', candidate).update(input).digest('base64url'),
          createHash('sha256').update(`${input}\u0000${candidate}`).digest('base64url'),
        ];
        if (tries.some((value) => proofs.includes(value))) found.add(candidate);
      }
    }
    expect(found).toEqual(new Set());
    // The control: the proofs are the provider's session's HMAC, which only a holder of the sid computes.
    for (const message of messages)
      expect(
        createHmac('sha256', SESSION.ana)
          .update(`cartoes-backoffice.session\u0000${message.type}\u0000${message.at}`)
          .digest('base64url'),
      ).toBe(message.proof);
  });

  it('a tab signed out by another does not echo it, and a renewal says nothing', async () => {
    signInVerified(a, 'ana');
    tab(a).session.signIn('token-a-renewed', { verifiedSubject: 'ana', verifiedSession: SESSION.ana });
    await quiet();
    signInVerified(b, 'ana');
    await quiet();
    tab(b).session.signOut();
    await vi.waitFor(() => expect(statusOf(a)).toBe('signed-out'));
    await quiet();
    expect(tab(a).posted.map((message) => (message as SessionMessage).type)).toEqual(['signed-in']);
    expect(tab(b).posted.map((message) => (message as SessionMessage).type)).toEqual([
      'signed-in',
      'signed-out',
    ]);
  });

  it('activity in one tab reaches the others of the same session, at most once every few seconds', async () => {
    signInVerified(a, 'ana');
    signInVerified(b, 'ana');
    await quiet();
    const seen: number[] = [];
    broadcastOf(b).onRemoteActivity(() => seen.push(1));
    const now = Date.now();
    broadcastOf(a).announceActivity(now);
    broadcastOf(a).announceActivity(now + ACTIVITY_EVERY_MS - 1);
    broadcastOf(a).announceActivity(now + ACTIVITY_EVERY_MS);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
  });

  it('activity of another session’s tab, or of an unverified one, keeps no tab alive', async () => {
    signInVerified(b, 'ana');
    await quiet();
    const seen: number[] = [];
    broadcastOf(b).onRemoteActivity(() => seen.push(1));
    // Another operator's tab: its sign-in signs b out, and nothing of it is counted.
    signInVerified(a, 'bruno', SESSION.bruno);
    await vi.waitFor(() => expect(statusOf(b)).toBe('signed-out'));
    // The control: b again, on bruno's session: a's activity counts in b.
    signInVerified(b, 'bruno', SESSION.bruno);
    await quiet();
    broadcastOf(a).announceActivity(Date.now());
    await vi.waitFor(() => expect(seen).toEqual([1]));
    seen.length = 0;
    // Token mode: nothing to prove the activity with, so nothing is sent.
    tab(a).session.signOut();
    await quiet();
    tab(a).session.signIn('opaque');
    await quiet();
    const before = tab(a).posted.length;
    broadcastOf(a).announceActivity(Date.now() + ACTIVITY_EVERY_MS);
    await quiet();
    expect(tab(a).posted.slice(before)).toEqual([]);
    expect(seen).toEqual([]);
  });
});
