import type { SessionState, SessionStore } from '@/api/session';

/**
 * One session for every tab of this app in the browser (same origin), through a BroadcastChannel. A
 * message never carries a token, a subject, nor anything computed from a subject that its reader could
 * test guesses against: a staff number is a few digits, so a hash of it, salted or not, gives it back to
 * whoever hashes every number. Two tabs compare their operators with a key only they hold: each draws an
 * ECDH key pair for the exchange, both derive the same secret, and the new tab sends its verified subject
 * as an HMAC under it, which only the tab it answered can check (docs/decisions/026-gateway-round-4.md;
 * the Web Crypto half is operator-keys.ts, its own chunk: without it a tab fails closed).
 *
 * - `signed-out`: this tab signed out (the operator, a session limit, a sign-out at the identity
 *   provider); every other tab signs out too, and its session binding (app/query-client.ts) empties it.
 * - `signed-in` {from, key}: a session of a new operator started in tab `from` (a first sign-in, or a
 *   re-authentication that the session store did not take as the same operator), with its public key for
 *   the exchange. `key` is null when the operator is not verified (token mode) or the browser has no Web
 *   Crypto: then no tab can be the same operator, and every other tab signs out
 *   (docs/decisions/017-operator-identity-verified-only.md).
 * - `answer` {from, to, key}: a tab with a verified operator answers a `signed-in` with a key of its own.
 * - `operator` {from, to, tag}: the new tab's verified subject as an HMAC under the secret of that pair of
 *   keys. A tab whose own subject gives another tag signs out: one workstation, one operator. One whose
 *   subject gives the same tag counts the new tab as its operator's; the new tab counts it so too (were it
 *   another operator's, it signs out on the tag).
 * - `activity` {from}: the operator is at work in tab `from` (sent at most every ACTIVITY_EVERY_MS, only
 *   with a verified operator); only tabs that found `from` to be their operator's count it against their
 *   idle limit.
 */
export type SessionMessage =
  | { type: 'signed-out' }
  | { type: 'signed-in'; from: string; key: string | null }
  | { type: 'answer'; from: string; to: string; key: string }
  | { type: 'operator'; from: string; to: string; tag: string }
  | { type: 'activity'; from: string };

const CHANNEL_NAME = 'cartoes-backoffice.session';
/** Often enough against a 2-minute idle warning, rarely enough to cost nothing. */
export const ACTIVITY_EVERY_MS = 5_000;

export interface SessionBroadcast {
  /** Local activity (keyboard, pointer): tells the other tabs, at most every ACTIVITY_EVERY_MS. */
  announceActivity: (now?: number) => void;
  /** Activity in another tab of the same verified operator. */
  onRemoteActivity: (listener: () => void) => () => void;
  /** Resolves once what this tab asked to send has left and what it received so far has been handled. */
  settled: () => Promise<void>;
  close: () => void;
}

/** The subset of BroadcastChannel used here (tests pass their own pair). */
export interface MessageChannelLike {
  postMessage: (message: SessionMessage) => void;
  addEventListener: (type: 'message', listener: (event: MessageEvent<unknown>) => void) => void;
  close: () => void;
}

function openChannel(): MessageChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}

type OperatorKeys = typeof import('./operator-keys');
type ExchangeKeys = import('./operator-keys').ExchangeKeys;
let operatorKeys: Promise<OperatorKeys | null> | null = null;
/**
 * The exchange's Web Crypto half (operator-keys.ts, its own chunk), fetched once; a fetch that failed is
 * not kept (the next exchange fetches it again), and meanwhile this tab compares no operator: it signs out
 * at another tab's sign-in, and announces its own without a key (every other tab signs out).
 */
function loadOperatorKeys(): Promise<OperatorKeys | null> {
  operatorKeys ??= import('./operator-keys').catch(() => {
    operatorKeys = null;
    return null;
  });
  return operatorKeys;
}
const drawKeys = async () => (await loadOperatorKeys())?.drawKeys() ?? null;

/** A tab's id, a key or a tag: short text of base64url characters. */
const isToken = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value);

/** What another tab sent, or null: a message of another shape (an older build in another tab) is ignored. */
export function readSessionMessage(data: unknown): SessionMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, from, to, key, tag } = data as Record<string, unknown>;
  if (type === 'signed-out') return { type };
  if (!isToken(from)) return null;
  if (type === 'signed-in') return key === null || isToken(key) ? { type, from, key } : null;
  if (type === 'activity') return { type, from };
  if (!isToken(to)) return null;
  if (type === 'answer') return isToken(key) ? { type, from, to, key } : null;
  return type === 'operator' && isToken(tag) ? { type, from, to, tag } : null;
}

const verifiedSubjectOf = (state: SessionState) =>
  state.status === 'signed-out' ? null : state.verifiedSubject;
const operatorOf = (state: SessionState) => (state.status === 'signed-out' ? null : state.operator);

type Send = (build: () => Promise<SessionMessage | null>) => void;
/** A message that needs no building. */
const ready = (message: SessionMessage) => () => Promise.resolve(message);

/**
 * What this tab knows of the others for its current operator, and the exchange that tells it: which
 * tabs are this operator's (their activity counts here), whose sign-in was another operator's (this tab
 * then signs out). Forgotten whenever this tab's operator changes.
 */
function operatorExchange(tabId: string, session: SessionStore, send: Send, onActivity: () => void) {
  /** Tabs found to be this operator's. */
  const sameOperator = new Set<string>();
  /** This tab's last announcement of a sign-in, and the operator it was made for. */
  let announced: { keys: ExchangeKeys; operator: number } | null = null;
  /** The answers this tab gave to other tabs' sign-ins: its keys, theirs, for which operator of its own. */
  const answered = new Map<string, { keys: ExchangeKeys; theirs: string; operator: number }>();

  /** Tells the other tabs of a sign-in, with a key for the exchange when the operator is verified. */
  const announce = (state: SessionState) => {
    if (state.status === 'signed-out') return;
    const { operator, verifiedSubject } = state;
    send(async () => {
      const keys = verifiedSubject === null ? null : await drawKeys();
      if (operatorOf(session.getState()) !== operator) return null;
      announced = keys === null ? null : { keys, operator };
      return { type: 'signed-in', from: tabId, key: keys?.publicKey ?? null };
    });
  };

  /** Handles one message for the operator signed in here when it arrived. */
  const handle = async (message: SessionMessage, operator: number, subject: string | null) => {
    const stillHeardBy = () => operatorOf(session.getState()) === operator;
    const signOutOther = () => {
      if (stillHeardBy()) session.signOut('other-operator');
    };
    switch (message.type) {
      case 'signed-out':
        if (session.getState().status !== 'signed-out') session.signOut('elsewhere');
        return;
      case 'signed-in': {
        sameOperator.delete(message.from);
        const theirs = message.key;
        // No verified operator on one side or the other: never the same operator.
        const keys = theirs === null || subject === null ? null : await drawKeys();
        if (keys === null || theirs === null) {
          signOutOther();
          return;
        }
        if (!stillHeardBy()) return;
        answered.set(message.from, { keys, theirs, operator });
        send(ready({ type: 'answer', from: tabId, to: message.from, key: keys.publicKey }));
        return;
      }
      case 'answer': {
        const mine = announced;
        if (message.to !== tabId || mine?.operator !== operator || subject === null) return;
        const tag = await (await loadOperatorKeys())?.operatorTag(mine.keys, message.key, subject);
        if (tag === undefined) return;
        if (!stillHeardBy()) return;
        sameOperator.add(message.from);
        send(ready({ type: 'operator', from: tabId, to: message.from, tag }));
        return;
      }
      case 'operator': {
        const mine = answered.get(message.from);
        if (message.to !== tabId || mine?.operator !== operator || subject === null) return;
        answered.delete(message.from);
        const expected = await (await loadOperatorKeys())?.operatorTag(mine.keys, mine.theirs, subject);
        if (!stillHeardBy()) return;
        if (expected === message.tag) sameOperator.add(message.from);
        else signOutOther();
        return;
      }
      case 'activity':
        if (sameOperator.has(message.from)) onActivity();
        return;
    }
  };

  return {
    announce,
    handle,
    forget() {
      sameOperator.clear();
      answered.clear();
      announced = null;
    },
  };
}

// Fetched with the shell, so that an exchange seldom waits for it.
void loadOperatorKeys();

export function bindSessionBroadcast(
  session: SessionStore,
  channel: MessageChannelLike | null = openChannel(),
): SessionBroadcast {
  // getRandomValues, unlike randomUUID and subtle, exists outside a secure context too.
  const tabId = Array.from(globalThis.crypto.getRandomValues(new Uint32Array(4)), (part) =>
    part.toString(36),
  ).join('');
  const remoteActivity = new Set<() => void>();
  let lastAnnounced = -Infinity;
  let previous = session.getState();

  // Messages leave in the order they were asked for, though building one takes Web Crypto.
  let sending: Promise<void> = Promise.resolve();
  const send: Send = (build) => {
    sending = sending
      .then(build)
      .then((message) => {
        if (message) channel?.postMessage(message);
      })
      .catch(() => undefined);
  };
  const exchange = operatorExchange(tabId, session, send, () => {
    for (const listener of remoteActivity) listener();
  });

  // A page starts signed out; signed in already, it came back from the identity provider (main.tsx
  // binds after the callback): a new sign-in the other tabs must hear of.
  exchange.announce(previous);

  const unsubscribe = session.subscribe(() => {
    const next = session.getState();
    const from = previous;
    previous = next;
    if (next.status === 'signed-out') {
      exchange.forget();
      const endedHere = next.ended !== 'elsewhere' && next.ended !== 'other-operator';
      if (from.status !== 'signed-out' && endedHere) send(ready({ type: 'signed-out' }));
      return;
    }
    if (from.status === 'signed-out' || from.operator !== next.operator) {
      exchange.forget();
      exchange.announce(next);
    }
  });

  // Messages are handled one after the other, in the order they arrived, though judging one takes Web
  // Crypto: a sign-in then a sign-out from the same tab are never taken the other way round.
  let receiving: Promise<void> = Promise.resolve();
  channel?.addEventListener('message', (event) => {
    const message = readSessionMessage(event.data);
    if (message === null) return;
    const heardBy = session.getState();
    if (heardBy.status === 'signed-out') return;
    // Decided for the operator that heard the message; another one signed in here since is not judged.
    const { operator, verifiedSubject } = heardBy;
    receiving = receiving
      .then(() => exchange.handle(message, operator, verifiedSubject))
      .catch(() => undefined);
  });

  return {
    announceActivity(now = Date.now()) {
      if (now - lastAnnounced < ACTIVITY_EVERY_MS) return;
      // Activity nobody can attribute to a verified operator is not announced: no tab would count it.
      if (verifiedSubjectOf(session.getState()) === null) return;
      lastAnnounced = now;
      send(ready({ type: 'activity', from: tabId }));
    },
    onRemoteActivity(listener) {
      remoteActivity.add(listener);
      return () => remoteActivity.delete(listener);
    },
    async settled() {
      // Handling a message may send another: settled once neither chain grew while it was awaited.
      for (;;) {
        const [sent, received] = [sending, receiving];
        await Promise.all([sent, received]);
        if (sent === sending && received === receiving) return;
      }
    },
    close() {
      unsubscribe();
      remoteActivity.clear();
      exchange.forget();
      channel?.close();
    },
  };
}

let appBroadcast: SessionBroadcast | null = null;

/** main.tsx binds the app's session once; the session limits guard reaches it here. */
export function startSessionBroadcast(session: SessionStore): SessionBroadcast {
  appBroadcast ??= bindSessionBroadcast(session);
  return appBroadcast;
}

export function sessionBroadcast(): SessionBroadcast | null {
  return appBroadcast;
}
