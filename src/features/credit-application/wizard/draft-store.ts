import { createMemoryStore } from '@/lib/memory-store';
import { registerUnsentWork } from '@/lib/unsent-work';
import type { ApplicationInput } from './wizard';

/**
 * The unsent application, in memory only (never Web Storage: docs/requirements.md, "Drafts in memory
 * only"). A memory store, so that it survives leaving the wizard for another screen (a
 * re-authentication keeps the page mounted anyway); signing out or a successful submit clears it.
 *
 * `epoch` grows on every clear: a wizard that was mounted before a clear must not save its (old) values
 * back when it unmounts afterwards (sign-out clears first, then navigates away).
 */
interface Draft {
  values: ApplicationInput;
  /** Whether it holds anything the operator typed (the wizard decides, knowing the blank form). */
  unsent: boolean;
  /** One per draft, reused on a resend, so that the provider can recognise a repeat. */
  idempotencyKey: string;
}

interface DraftState {
  draft: Draft | null;
  idempotencyKey: string;
  epoch: number;
}

const state = createMemoryStore<DraftState>((previous) => ({
  draft: null,
  idempotencyKey: crypto.randomUUID(),
  epoch: previous ? previous.epoch + 1 : 0,
}));

export const draftStore = {
  get: (): Draft | null => state.get().draft,
  epoch: (): number => state.get().epoch,
  idempotencyKey: (): string => state.get().idempotencyKey,
  /**
   * Saves `values` unless the draft was cleared since `sinceEpoch`; `unsent`: whether they hold anything
   * the operator typed (the wizard knows the blank form).
   */
  save(values: ApplicationInput, sinceEpoch: number, unsent = true): void {
    state.set((current) =>
      current.epoch === sinceEpoch
        ? { ...current, draft: { values, unsent, idempotencyKey: current.idempotencyKey } }
        : current,
    );
  },
  clear: state.reset,
};

// Signing out erases the draft: "Sair" asks first while one holds what the operator typed (while the
// wizard is open, its live form answers instead: use-application-draft.ts).
registerUnsentWork('draft', () => (state.get().draft?.unsent ? { kind: 'draft' } : null));
