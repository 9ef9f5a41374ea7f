import { onlyDigits } from '@/lib/digit-pattern';
import { createMemoryStore } from '@/lib/memory-store';

/** How many recent lookups the tab remembers. */
export const RECENT_LOOKUPS_LIMIT = 10;

/**
 * The CPFs looked up in this tab, newest first, without repeats: a memory store (never Web Storage,
 * URL or history), forgotten when the operator signs out.
 */
export function createRecentLookups(limit = RECENT_LOOKUPS_LIMIT) {
  const store = createMemoryStore<readonly string[]>(() => []);
  return {
    store,
    /** Records a lookup of these 11 digits (moves it to the top when already there). */
    add: (cpf: string) =>
      store.set((entries) =>
        entries[0] === cpf ? entries : [cpf, ...entries.filter((entry) => entry !== cpf)].slice(0, limit),
      ),
  };
}

export const recentLookups = createRecentLookups();

/** `52998224725` → `***.***.*47-25`: enough to tell recent lookups apart, not enough to read the CPF. */
export function maskCpfForList(cpf: string): string {
  const digits = onlyDigits(cpf);
  return `***.***.*${digits.slice(7, 9)}-${digits.slice(9, 11)}`;
}
