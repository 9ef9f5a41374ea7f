import { useMemoryStore } from '@/hooks/use-memory-store';
import { createMemoryStore } from '@/lib/memory-store';

export type CardOperation = 'virtualCard' | 'cancel';

export interface JournalEntry {
  id: number;
  at: Date;
  operation: CardOperation;
  /** The account code (virtual card) or the card code (cancellation). */
  input: number;
  outcome: 'success' | 'failure';
  /** The provider's result message, or the words of the failure. */
  message: string;
  /** The provider's timestamp of a result (ISO 8601), when there is one. */
  providerTimestamp: string | null;
}

/**
 * The card operations of this tab, newest first. In memory only (a memory store, so that it survives
 * leaving the screen and coming back), erased when the operator signs out.
 */
const journal = createMemoryStore<readonly JournalEntry[]>(() => []);
let nextId = 1;

export const cardJournal = {
  getEntries: journal.get,
  add: (entry: Omit<JournalEntry, 'id' | 'at'>, at = new Date()) =>
    journal.set((entries) => [{ ...entry, id: nextId++, at }, ...entries]),
};

export function useCardJournal(): readonly JournalEntry[] {
  return useMemoryStore(journal);
}
