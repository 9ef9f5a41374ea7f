import { session } from '@/api/session';
import type { ApplicationInput } from './wizard';

/**
 * The unsent application, in memory only (never Web Storage: RELIABILITY.md, "Drafts in memory only").
 * It lives outside the component tree so that it survives leaving the wizard for another screen; a
 * re-authentication keeps the page mounted anyway. Signing out or a successful submit clears it.
 *
 * `epoch` grows on every clear: a wizard that was mounted before a clear must not save its (old) values
 * back when it unmounts afterwards (sign-out clears first, then navigates away).
 */
interface Draft {
  values: ApplicationInput;
  /** One per draft, reused on a resend, so that the provider can recognise a repeat. */
  idempotencyKey: string;
}

let draft: Draft | null = null;
let idempotencyKey: string = crypto.randomUUID();
let epoch = 0;

export const draftStore = {
  get: (): Draft | null => draft,
  epoch: (): number => epoch,
  idempotencyKey: (): string => idempotencyKey,
  /** Saves `values` unless the draft was cleared since `sinceEpoch`. */
  save(values: ApplicationInput, sinceEpoch: number): void {
    if (sinceEpoch !== epoch) return;
    draft = { values, idempotencyKey };
  },
  clear(): void {
    draft = null;
    idempotencyKey = crypto.randomUUID();
    epoch += 1;
  },
};

session.subscribe(() => {
  if (session.getState().status === 'signed-out') draftStore.clear();
});
