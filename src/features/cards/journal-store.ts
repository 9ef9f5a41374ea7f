import { useSyncExternalStore } from 'react';
import { session } from '@/api/session';

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
 * The card operations of this tab, newest first. In memory only (a module-level store, so that it
 * survives leaving the screen and coming back), erased when the operator signs out.
 */
let entries: readonly JournalEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const cardJournal = {
  getEntries: () => entries,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  add: (entry: Omit<JournalEntry, 'id' | 'at'>, at = new Date()) => {
    entries = [{ ...entry, id: nextId++, at }, ...entries];
    emit();
  },
  clear: () => {
    if (entries.length === 0) return;
    entries = [];
    emit();
  },
};

session.subscribe(() => {
  if (session.getState().status === 'signed-out') cardJournal.clear();
});

export function useCardJournal(): readonly JournalEntry[] {
  return useSyncExternalStore(cardJournal.subscribe, cardJournal.getEntries, cardJournal.getEntries);
}
