import { translate, type SupportedLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/date-time-format';
import { downloadTextFile, stampedFileName, toCsv } from '@/lib/csv';
import type { JournalEntry } from './journal-entry';
// The cards texts, which this module reads by key outside React, are registered as it loads.
import './texts';

/** One journal line's cells as the operator reads them. */
export function journalCells(entry: JournalEntry, language: SupportedLanguage) {
  const t = (key: string, options?: Record<string, string | number>) => translate(language, key, options);
  return {
    time: formatDateTime(entry.at, language, 'medium'),
    operation: entry.operation === 'cancel' ? t('cards.journal.cancel') : t('cards.journal.virtualCard'),
    input:
      entry.operation === 'cancel'
        ? t('cards.journal.inputCard', { code: entry.input })
        : t('cards.journal.inputAccount', { code: entry.input }),
    outcome: entry.outcome === 'success' ? t('cards.journal.success') : t('cards.journal.failure'),
    message: entry.message,
  };
}

/** Downloads the journal as CSV in `language` (the journal section's button, and "Sair" asking first). */
export function downloadJournal(entries: readonly JournalEntry[], language: SupportedLanguage): void {
  const t = (key: string) => translate(language, key);
  const csv = toCsv(
    [
      t('cards.journal.time'),
      t('cards.journal.operation'),
      t('cards.journal.input'),
      t('cards.journal.outcome'),
      t('cards.journal.message'),
    ],
    entries.map((entry) => {
      const cells = journalCells(entry, language);
      // The input as typed (a card code or an account number), so that a spreadsheet can sort and match it.
      return [cells.time, cells.operation, String(entry.input), cells.outcome, cells.message];
    }),
  );
  downloadTextFile(stampedFileName(t('cards.journal.fileName')), csv);
}
