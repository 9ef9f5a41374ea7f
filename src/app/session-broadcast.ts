import type { SessionState, SessionStore } from '@/api/session';

/**
 * One session for every tab of this app in the browser (same origin), through a BroadcastChannel. A
 * message never carries a token, a subject or personal data: the operator is named by a salted tag
 * (`OperatorTag`), a hash of the verified subject with a salt drawn for that message, which another tab
 * can compare with its own operator and nobody can read back or link to another message.
 *
 * - `signed-out`: this tab signed out (the operator, a session limit, a sign-out at the identity
 *   provider); every other tab signs out too, and its session binding (app/query-client.ts) empties it.
 * - `signed-in`: a session of a new operator started in this tab (a first sign-in, or a
 *   re-authentication that the session store did not take as the same operator). Every other tab whose
 *   verified operator is not the one tagged signs out: one workstation, one operator. A tag is null when
 *   the operator is not verified (token mode): then no tab can be the same operator, and all sign out
 *   (docs/decisions/017-operator-identity-verified-only.md).
 * - `activity`: the operator is at work in some tab (sent at most every ACTIVITY_EVERY_MS, only with a
 *   verified operator); only tabs of that same verified operator count it against their idle limit.
 */
export type SessionMessage =
  | { type: 'signed-out' }
  | { type: 'signed-in'; operator: OperatorTag | null }
  | { type: 'activity'; operator: OperatorTag };

/** A verified subject, hashed with a per-message salt (both base64url). */
export interface OperatorTag {
  salt: string;
  tag: string;
}

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

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Web Crypto's digest exists only in a secure context (https, localhost): elsewhere, nothing is tagged. */
function subtle(): SubtleCrypto | null {
  // Absent outside a secure context, whatever the DOM types say.
  const found = (globalThis.crypto as Partial<Crypto> | undefined)?.subtle;
  return found ?? null;
}

async function tagOf(subject: string, salt: string): Promise<string | null> {
  const digest = subtle();
  if (!digest) return null;
  const input = new TextEncoder().encode(`${CHANNEL_NAME}\u0000${salt}\u0000${subject}`);
  return base64Url(new Uint8Array(await digest.digest('SHA-256', input)));
}

/** The tag of a verified subject under a fresh salt, or null (no verified subject, or no Web Crypto). */
export async function operatorTag(subject: string | null): Promise<OperatorTag | null> {
  if (subject === null || !subtle()) return null;
  const salt = base64Url(crypto.getRandomValues(new Uint8Array(16)));
  const tag = await tagOf(subject, salt);
  return tag === null ? null : { salt, tag };
}

/** Whether `tagged` names this verified subject. An unverified side is never the same operator. */
export async function isSameOperator(subject: string | null, tagged: OperatorTag | null): Promise<boolean> {
  if (subject === null || tagged === null) return false;
  return (await tagOf(subject, tagged.salt)) === tagged.tag;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 128;

function readTag(value: unknown): OperatorTag | null {
  if (typeof value !== 'object' || value === null) return null;
  const { salt, tag } = value as Record<string, unknown>;
  return isText(salt) && isText(tag) ? { salt, tag } : null;
}

/** What another tab sent, or null: a message of another shape (an older build in another tab) is ignored. */
export function readSessionMessage(data: unknown): SessionMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, operator } = data as Record<string, unknown>;
  if (type === 'signed-out') return { type };
  if (type === 'signed-in') return { type, operator: readTag(operator) };
  const tagged = readTag(operator);
  return type === 'activity' && tagged !== null ? { type, operator: tagged } : null;
}

const verifiedSubjectOf = (state: SessionState) =>
  state.status === 'signed-out' ? null : state.verifiedSubject;

export function bindSessionBroadcast(
  session: SessionStore,
  channel: MessageChannelLike | null = openChannel(),
): SessionBroadcast {
  const remoteActivity = new Set<() => void>();
  let lastAnnounced = -Infinity;
  let previous = session.getState();
  // Messages leave in the order they were asked for, though tagging one takes a digest.
  let sending: Promise<void> = Promise.resolve();
  const send = (build: () => Promise<SessionMessage | null>) => {
    sending = sending
      .then(build)
      .then((message) => {
        if (message) channel?.postMessage(message);
      })
      .catch(() => undefined);
  };

  const announceSignIn = (state: SessionState) => {
    if (state.status === 'signed-out') return;
    const subject = state.verifiedSubject;
    send(async () => ({ type: 'signed-in', operator: await operatorTag(subject) }));
  };
  // A page starts signed out; signed in already, it came back from the identity provider (main.tsx
  // binds after the callback): a new sign-in the other tabs must hear of.
  announceSignIn(previous);

  const unsubscribe = session.subscribe(() => {
    const next = session.getState();
    const from = previous;
    previous = next;
    if (next.status === 'signed-out') {
      const endedHere = next.ended !== 'elsewhere' && next.ended !== 'other-operator';
      if (from.status !== 'signed-out' && endedHere) send(() => Promise.resolve({ type: 'signed-out' }));
      return;
    }
    if (from.status === 'signed-out' || from.operator !== next.operator) announceSignIn(next);
  });

  // Messages are handled one after the other, in the order they arrived, though judging one takes a
  // digest: a sign-in then a sign-out from the same tab are never taken the other way round.
  let receiving: Promise<void> = Promise.resolve();
  channel?.addEventListener('message', (event) => {
    const message = readSessionMessage(event.data);
    if (message === null) return;
    const heardBy = session.getState();
    if (heardBy.status === 'signed-out') return;
    // Decided for the operator that heard the message; another one signed in here since is not judged.
    const { operator, verifiedSubject } = heardBy;
    const stillHeardBy = () => {
      const now = session.getState();
      return now.status !== 'signed-out' && now.operator === operator;
    };
    receiving = receiving
      .then(async () => {
        if (message.type === 'signed-out') {
          if (session.getState().status !== 'signed-out') session.signOut('elsewhere');
          return;
        }
        const same = await isSameOperator(verifiedSubject, message.operator);
        if (!stillHeardBy()) return;
        if (message.type === 'activity') {
          if (same) for (const listener of remoteActivity) listener();
        } else if (!same) {
          session.signOut('other-operator');
        }
      })
      .catch(() => undefined);
  });

  return {
    announceActivity(now = Date.now()) {
      if (now - lastAnnounced < ACTIVITY_EVERY_MS) return;
      const subject = verifiedSubjectOf(session.getState());
      // Activity nobody can attribute to a verified operator is not announced: no tab would count it.
      if (subject === null) return;
      lastAnnounced = now;
      send(async () => {
        const operator = await operatorTag(subject);
        return operator === null ? null : { type: 'activity', operator };
      });
    },
    onRemoteActivity(listener) {
      remoteActivity.add(listener);
      return () => remoteActivity.delete(listener);
    },
    settled: () => Promise.all([sending, receiving]).then(() => undefined),
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
