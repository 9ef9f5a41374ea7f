import type { SessionStore } from '@/api/session';

/**
 * One session for every tab of this app in the browser (same origin), through a BroadcastChannel. A
 * message is an event name and nothing else: never a token, a subject or personal data.
 *
 * - `signed-out`: this tab signed out (the operator, a session limit, a sign-out at the identity provider)
 *   or another operator signed in over it; every other tab signs out too, and its session binding
 *   (app/query-client.ts) empties it.
 * - `activity`: the operator is at work in some tab (sent at most every ACTIVITY_EVERY_MS); every tab's
 *   idle limit counts from the latest, so that a limit ends only when no tab is in use, and its end in one
 *   tab is right for all.
 */
export type SessionMessage = 'signed-out' | 'activity';

const CHANNEL_NAME = 'cartoes-backoffice.session';
/** Often enough against a 2-minute idle warning, rarely enough to cost nothing. */
export const ACTIVITY_EVERY_MS = 5_000;

export interface SessionBroadcast {
  /** Local activity (keyboard, pointer): tells the other tabs, at most every ACTIVITY_EVERY_MS. */
  announceActivity: (now?: number) => void;
  /** Activity in another tab. */
  onRemoteActivity: (listener: () => void) => () => void;
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

export function bindSessionBroadcast(
  session: SessionStore,
  channel: MessageChannelLike | null = openChannel(),
): SessionBroadcast {
  const remoteActivity = new Set<() => void>();
  let lastAnnounced = -Infinity;
  let previous = session.getState();

  const unsubscribe = session.subscribe(() => {
    const next = session.getState();
    const from = previous;
    previous = next;
    if (from.status === 'signed-out') return;
    const endedHere = next.status === 'signed-out' && next.ended !== 'elsewhere';
    const otherOperator = next.status !== 'signed-out' && next.operator !== from.operator;
    if (endedHere || otherOperator) channel?.postMessage('signed-out');
  });

  channel?.addEventListener('message', (event) => {
    if (event.data === 'signed-out') {
      if (session.getState().status !== 'signed-out') session.signOut('elsewhere');
    } else if (event.data === 'activity') {
      for (const listener of remoteActivity) listener();
    }
  });

  return {
    announceActivity(now = Date.now()) {
      if (now - lastAnnounced < ACTIVITY_EVERY_MS) return;
      lastAnnounced = now;
      channel?.postMessage('activity');
    },
    onRemoteActivity(listener) {
      remoteActivity.add(listener);
      return () => remoteActivity.delete(listener);
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
