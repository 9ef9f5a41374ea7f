import { createFormControl } from 'react-hook-form';
import { createMemoryStore } from '@/lib/memory-store';
import { registerUnsentWork } from '@/lib/unsent-work';
import type { ApplicationInput } from '../schema';

/**
 * The unsent application, in memory only (never Web Storage: docs/requirements.md, "Drafts in memory
 * only"): the wizard's one form, made outside React (`createFormControl`) so that it outlives the screen.
 * The page binds to it (`useForm({ formControl })`); leaving for another screen and coming back finds
 * every value where it was. Signing out empties it with every memory store.
 */
type DraftForm = ReturnType<typeof createFormControl<ApplicationInput>>;

interface DraftState {
  form: DraftForm | null;
  /** The blank application the form started from: a draft that still equals it holds nothing typed. */
  blank: ApplicationInput | null;
  /** One per draft, reused on a resend, so that the provider can recognise a repeat. */
  idempotencyKey: string;
}

const state = createMemoryStore<DraftState>(() => ({
  form: null,
  blank: null,
  idempotencyKey: crypto.randomUUID(),
}));

/** Whether the draft holds personal data typed by the operator (a product choice alone is not). */
function holdsTypedData({ form, blank }: DraftState): boolean {
  return form !== null && JSON.stringify(form.getValues().portador) !== JSON.stringify(blank?.portador);
}

export const draftStore = {
  /** The draft's form, or null when none was started (or it was erased). */
  form: (): DraftForm | null => state.get().form,
  /** The draft in memory, or a new one holding `values` (`blank`: the blank application). */
  open(blank: ApplicationInput, values: ApplicationInput = blank): DraftForm {
    const current = state.get().form;
    if (current) return current;
    // "Continuar" validates its step (the resolver is the page's); a field that shows an error checks
    // itself again as it is corrected (fields/form-fields.tsx).
    const form = createFormControl<ApplicationInput>({ defaultValues: values, mode: 'onSubmit' });
    state.set((current) => ({ ...current, form, blank }));
    return form;
  },
  /** A new draft (a new idempotency key) holding `values`: after a send, a discard, or "another for this CPF". */
  restart(values: ApplicationInput): void {
    state.set((current) => ({ ...current, idempotencyKey: crypto.randomUUID() }));
    state.get().form?.reset(values);
  },
  holdsTypedData: (): boolean => holdsTypedData(state.get()),
  idempotencyKey: (): string => state.get().idempotencyKey,
  clear: state.reset,
};

// Signing out erases the draft: "Sair" asks first while it holds what the operator typed.
registerUnsentWork('draft', () => (holdsTypedData(state.get()) ? { kind: 'draft' } : null));
