import { session } from '@/api/session';

/** How many recent lookups the tab remembers. */
export const RECENT_LOOKUPS_LIMIT = 10;

/**
 * The CPFs looked up in this tab, newest first, without repeats: in module memory only (never Web
 * Storage, URL or history), and forgotten when the operator signs out.
 */
export function createRecentLookups(limit = RECENT_LOOKUPS_LIMIT) {
  let entries: readonly string[] = [];
  const listeners = new Set<() => void>();
  const set = (next: readonly string[]) => {
    entries = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: (): readonly string[] => entries,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Records a lookup of these 11 digits (moves it to the top when already there). */
    add(cpf: string) {
      if (entries[0] === cpf) return;
      set([cpf, ...entries.filter((entry) => entry !== cpf)].slice(0, limit));
    },
    clear() {
      if (entries.length > 0) set([]);
    },
  };
}

export const recentLookups = createRecentLookups();

session.subscribe(() => {
  if (session.getState().status === 'signed-out') recentLookups.clear();
});

/** `52998224725` → `***.***.*47-25`: enough to tell recent lookups apart, not enough to read the CPF. */
export function maskCpfForList(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  return `***.***.*${digits.slice(7, 9)}-${digits.slice(9, 11)}`;
}
