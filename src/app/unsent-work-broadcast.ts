import { unsentWork, type UnsentWork } from '@/lib/unsent-work';

/**
 * "Sair" signs out every tab of this app (session-broadcast.ts), so it asks first about what every tab
 * would lose, not only this one: it asks the other tabs over a BroadcastChannel and waits a moment for
 * their answers. A message holds kinds and counts only (a draft, a batch's progress, a journal's count):
 * no CPF, no name, no token, nothing of the work itself.
 */

/** Another tab's unsent work, as it told it (no way to save it from here: it is in that tab). */
export type RemoteUnsentWork =
  { kind: 'draft' } | { kind: 'batch'; done: number; total: number } | { kind: 'journal'; count: number };

type Message = { type: 'ask'; id: string } | { type: 'tell'; id: string; work: RemoteUnsentWork[] };

/** The subset of BroadcastChannel used here (tests pass their own). */
export interface WorkChannelLike {
  postMessage: (message: Message) => void;
  addEventListener: (type: 'message', listener: (event: MessageEvent<unknown>) => void) => void;
  removeEventListener: (type: 'message', listener: (event: MessageEvent<unknown>) => void) => void;
  close: () => void;
}

const CHANNEL_NAME = 'cartoes-backoffice.unsent-work';
/** Tabs of the same browser answer within a few milliseconds; a busy one gets this long. */
export const ANSWER_WAIT_MS = 200;

function openChannel(): WorkChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}

const count = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000;

function readWork(value: unknown): RemoteUnsentWork | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  if (item.kind === 'draft') return { kind: 'draft' };
  if (item.kind === 'batch' && count(item.done) && count(item.total))
    return { kind: 'batch', done: item.done, total: item.total };
  if (item.kind === 'journal' && count(item.count)) return { kind: 'journal', count: item.count };
  return null;
}

/** What a message says, or null (another shape: an older build in another tab). */
function readMessage(data: unknown): Message | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, id, work } = data as Record<string, unknown>;
  if (typeof id !== 'string' || id.length > 64) return null;
  if (type === 'ask') return { type, id };
  if (type !== 'tell' || !Array.isArray(work)) return null;
  return { type, id, work: work.slice(0, 10).flatMap((item) => readWork(item) ?? []) };
}

/** This tab's work as another tab may hear it: kinds and counts. */
export function describeForOtherTabs(work: readonly UnsentWork[]): RemoteUnsentWork[] {
  return work.map((item) => {
    switch (item.kind) {
      case 'draft':
        return { kind: 'draft' };
      case 'batch':
        return { kind: 'batch', done: item.done, total: item.total };
      case 'journal':
        return { kind: 'journal', count: item.count };
    }
  });
}

/**
 * The questions this page asked: a BroadcastChannel delivers to every other channel object of the name,
 * this page's own answering one included, which must not answer its own page.
 */
const askedHere = new Set<string>();

/**
 * Answers the other tabs' "what would you lose?" with this tab's unsent work, while `signedIn` says a
 * session is open here (a signed-out tab holds nothing). Returns the way to stop. `askedHere`: whether a
 * question came from this page (tests playing two tabs in one page say none did).
 */
export function answerUnsentWorkQuestions(
  signedIn: () => boolean,
  channel: WorkChannelLike | null = openChannel(),
  isOwnQuestion: (id: string) => boolean = (id) => askedHere.has(id),
): () => void {
  const listener = (event: MessageEvent<unknown>) => {
    const message = readMessage(event.data);
    if (message?.type !== 'ask' || isOwnQuestion(message.id) || !signedIn()) return;
    const work = describeForOtherTabs(unsentWork());
    if (work.length > 0) channel?.postMessage({ type: 'tell', id: message.id, work });
  };
  channel?.addEventListener('message', listener);
  return () => {
    channel?.removeEventListener('message', listener);
    channel?.close();
  };
}

/** Asks every other tab what signing out would erase there; resolves with their answers after `waitMs`. */
export function otherTabsUnsentWork(
  waitMs = ANSWER_WAIT_MS,
  channel: WorkChannelLike | null = openChannel(),
): Promise<RemoteUnsentWork[]> {
  if (channel === null) return Promise.resolve([]);
  const id = crypto.randomUUID();
  askedHere.add(id);
  const heard: RemoteUnsentWork[] = [];
  const listener = (event: MessageEvent<unknown>) => {
    const message = readMessage(event.data);
    if (message?.type === 'tell' && message.id === id) heard.push(...message.work);
  };
  channel.addEventListener('message', listener);
  channel.postMessage({ type: 'ask', id });
  return new Promise((resolve) =>
    setTimeout(() => {
      channel.removeEventListener('message', listener);
      channel.close();
      askedHere.delete(id);
      resolve(heard);
    }, waitMs),
  );
}

let answering: (() => void) | null = null;

/** The app shell starts answering once, for as long as the page lives. */
export function startAnsweringUnsentWork(signedIn: () => boolean) {
  answering ??= answerUnsentWorkQuestions(signedIn);
}
