import { useMemoryStore } from '@/hooks/use-memory-store';
import { getLanguage } from '@/lib/i18n';
import { createMemoryStore } from '@/lib/memory-store';
import { registerUnsentWork } from '@/lib/unsent-work';
import { downloadJournal } from './journal-csv';
import type { JournalEntry } from './journal-entry';

export type { CardOperation, JournalEntry } from './journal-entry';

/**
 * The card operations of this tab, newest first. In memory only (a memory store, so that it survives
 * leaving the screen and coming back), erased when the operator signs out.
 */
const journal = createMemoryStore<readonly JournalEntry[]>(() => []);
/** The newest entry a download holds: those after it were never exported. */
const exportedThrough = createMemoryStore<number>(() => 0);
let nextId = 1;

export const cardJournal = {
  getEntries: journal.get,
  add: (entry: Omit<JournalEntry, 'id' | 'at'>, at = new Date()) =>
    journal.set((entries) => [{ ...entry, id: nextId++, at }, ...entries]),
  /** The journal as it is now has been downloaded. */
  markExported: () => exportedThrough.set(journal.get()[0]?.id ?? 0),
};

// Signing out erases the journal: "Sair" asks first while operations are not in any download.
registerUnsentWork('journal', () => {
  const count = journal.get().filter((entry) => entry.id > exportedThrough.get()).length;
  return count === 0
    ? null
    : {
        kind: 'journal',
        count,
        save: () => {
          downloadJournal(journal.get(), getLanguage());
          cardJournal.markExported();
        },
      };
});

export function useCardJournal(): readonly JournalEntry[] {
  return useMemoryStore(journal);
}
