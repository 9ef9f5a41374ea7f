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
