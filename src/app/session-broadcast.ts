import type { SessionState, SessionStore } from '@/api/session';

/**
 * One session for every tab of this app in the browser (same origin), through a BroadcastChannel. Any
 * page of the origin may read the channel and post on it, so what a message claims about a session is
 * proved with a secret no such page holds: the identity provider's session id (the checked ID token's
 * `sid`, the state's `verifiedSession`), which every tab signed in on that session has and nothing else
 * does. A message carries an HMAC under it, never the sid, a subject or a token; the key is a random id
 * of the provider's, so a reader has no guess to test (a subject would give one: a staff number is a few
 * digits). docs/decisions/034-tabs-share-the-idp-session.md says what this protects and what it does not.
 *
 * - `signed-out`: this tab signed out (the operator, a session limit, a sign-out at the identity
 *   provider); every other tab signs out too, and its session binding (app/query-client.ts) empties it.
 * - `signed-in` {at, proof}: a new operator's sign-in in another tab. A tab whose own session gives the
 *   same proof stays (the same session); every other tab signs out: one workstation, one operator.
 *   `proof` is null without a session to prove (token mode, a provider that sends no `sid`, no Web
 *   Crypto): every other tab signs out (docs/decisions/017-operator-identity-verified-only.md).
 * - `activity` {at, proof}: the operator is at work in another tab (sent at most every
 *   ACTIVITY_EVERY_MS, only with a session to prove). It counts against the idle limit only in a tab of
 *   the same session, and only when it is later than every activity counted there: a replay adds nothing.
 */
export type SessionMessage =
  | { type: 'signed-out' }
  | { type: 'signed-in'; at: number; proof: string | null }
  | { type: 'activity'; at: number; proof: string };

const CHANNEL_NAME = 'cartoes-backoffice.session';
/** Often enough against a 2-minute idle warning, rarely enough to cost nothing. */
export const ACTIVITY_EVERY_MS = 5_000;

export interface SessionBroadcast {
  /** Local activity (keyboard, pointer): tells the other tabs, at most every ACTIVITY_EVERY_MS. */
  announceActivity: (now?: number) => void;
  /** Activity in another tab of the same session. */
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

/** What another tab sent, or null: a message of another shape (an older build in another tab) is ignored. */
export function readSessionMessage(data: unknown): SessionMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, at, proof } = data as Record<string, unknown>;
  if (type === 'signed-out') return { type };
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  const proven = typeof proof === 'string' && /^[A-Za-z0-9_-]{43}$/.test(proof);
  if (type === 'signed-in') return proof === null || proven ? { type, at, proof } : null;
  return type === 'activity' && proven ? { type, at, proof } : null;
}

/**
 * The HMAC-SHA-256 of a message's type and time under the provider's session id, base64url; null without
 * Web Crypto (outside a secure context), and then no other tab trusts this one.
 */
async function proofOf(session: string, type: 'signed-in' | 'activity', at: number): Promise<string | null> {
  // Absent outside a secure context, whatever the DOM types say.
  const subtle = (globalThis.crypto as Partial<Crypto> | undefined)?.subtle;
  if (!subtle) return null;
  const bytes = (text: string) => new TextEncoder().encode(text);
  const key = await subtle.importKey('raw', bytes(session), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await subtle.sign('HMAC', key, bytes(`cartoes-backoffice.session\u0000${type}\u0000${at}`));
  return btoa(String.fromCharCode(...new Uint8Array(mac)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const operatorOf = (state: SessionState) => (state.status === 'signed-out' ? null : state.operator);

export function bindSessionBroadcast(
  session: SessionStore,
  channel: MessageChannelLike | null = openChannel(),
): SessionBroadcast {
  const remoteActivity = new Set<() => void>();
  let lastAnnounced = -Infinity;
  /** The latest activity counted here (at first, this operator's sign-in): none up to it counts again. */
  let countedUpTo = Date.now();
  let previous = session.getState();

  // Messages leave in the order they were asked for, though a proof takes Web Crypto.
  let sending: Promise<void> = Promise.resolve();
  const send = (build: () => Promise<SessionMessage | null>) => {
    sending = sending
      .then(build)
      .then((message) => {
        if (message) channel?.postMessage(message);
      })
      .catch(() => undefined);
  };

  /** Tells the other tabs of a sign-in, proved with its session when it has one. */
  const announce = (state: SessionState) => {
    if (state.status === 'signed-out') return;
    const { verifiedSession } = state;
    const at = Date.now();
    send(async () => ({
      type: 'signed-in',
      at,
      proof: verifiedSession === null ? null : await proofOf(verifiedSession, 'signed-in', at),
    }));
  };

  /** Handles one message for the operator signed in here when it arrived. */
  const handle = async (
    message: SessionMessage,
    heardBy: Exclude<SessionState, { status: 'signed-out' }>,
  ) => {
    if (message.type === 'signed-out') {
      if (session.getState().status !== 'signed-out') session.signOut('elsewhere');
      return;
    }
    const own = heardBy.verifiedSession;
    const expected = own === null ? null : await proofOf(own, message.type, message.at);
    const same = expected !== null && message.proof === expected;
    // Decided for the operator that heard the message; another one signed in here since is not judged.
    if (operatorOf(session.getState()) !== heardBy.operator) return;
    if (message.type === 'signed-in') {
      if (!same) session.signOut('other-operator');
    } else if (same && message.at > countedUpTo) {
      countedUpTo = message.at;
      for (const listener of remoteActivity) listener();
    }
  };

  // A page starts signed out; signed in already, it came back from the identity provider (main.tsx
  // binds after the callback): a new sign-in the other tabs must hear of.
  announce(previous);

  const unsubscribe = session.subscribe(() => {
    const next = session.getState();
    const from = previous;
    previous = next;
    if (next.status === 'signed-out') {
      const endedHere = next.ended !== 'elsewhere' && next.ended !== 'other-operator';
      if (from.status !== 'signed-out' && endedHere) send(() => Promise.resolve({ type: 'signed-out' }));
      return;
    }
    if (from.status === 'signed-out' || from.operator !== next.operator) {
      countedUpTo = Date.now();
      announce(next);
    }
  });

  // Messages are handled one after the other, in the order they arrived, though a proof takes Web
  // Crypto: a sign-in then a sign-out from the same tab are never taken the other way round.
  let receiving: Promise<void> = Promise.resolve();
  channel?.addEventListener('message', (event) => {
    const message = readSessionMessage(event.data);
    const heardBy = session.getState();
    if (message === null || heardBy.status === 'signed-out') return;
    receiving = receiving.then(() => handle(message, heardBy)).catch(() => undefined);
  });

  return {
    announceActivity(now = Date.now()) {
      if (now - lastAnnounced < ACTIVITY_EVERY_MS) return;
      const state = session.getState();
      // Activity no tab could tell from a stranger's is not announced: no tab would count it.
      const own = state.status === 'signed-out' ? null : state.verifiedSession;
      if (own === null) return;
      lastAnnounced = now;
      send(async () => {
        const proof = await proofOf(own, 'activity', now);
        return proof === null ? null : { type: 'activity', at: now, proof };
      });
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
