/**
 * A value this tab keeps in module memory (never Web Storage, URL or history): what must outlive a
 * screen, such as the card journal, the recent lookups and the unsent credit application. Every store
 * made here is registered, so that signing out empties all of them at once (`forgetEveryMemoryStore`,
 * called by the app's sign-out binding): a new store cannot forget to forget.
 *
 * The API fits React's `useSyncExternalStore(store.subscribe, store.get)`.
 */
export interface MemoryStore<T> {
  get: () => T;
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
  /** Back to the initial value (computed from the current one, e.g. to keep a counter growing). */
  reset: () => void;
}

const everyStore = new Set<MemoryStore<unknown>>();
const otherMemory = new Set<() => void>();

/**
 * Runs `forget` whenever the tab is emptied: for what a memory store cannot hold, such as the account
 * lists a Web Worker keeps (src/api/accounts/accounts-engine.ts).
 */
export function onForgetEverything(forget: () => void): void {
  otherMemory.add(forget);
}

export function createMemoryStore<T>(initial: (current?: T) => T): MemoryStore<T> {
  let value = initial();
  const listeners = new Set<() => void>();
  const replace = (next: T) => {
    if (Object.is(next, value)) return;
    value = next;
    for (const listener of listeners) listener();
  };
  const store: MemoryStore<T> = {
    get: () => value,
    set: (next) => replace(typeof next === 'function' ? (next as (current: T) => T)(value) : next),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reset: () => replace(initial(value)),
  };
  everyStore.add(store as MemoryStore<unknown>);
  return store;
}

/** Empties every memory store of the tab: what signing out (or a session limit) does. */
export function forgetEveryMemoryStore(): void {
  for (const store of everyStore) store.reset();
  for (const forget of otherMemory) forget();
}
