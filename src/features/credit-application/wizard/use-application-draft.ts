import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useHandOff } from '@/hooks/use-hand-off';
import { registerUnsentWork } from '@/lib/unsent-work';
import { draftStore } from './draft-store';
import type { ApplicationInput, ApplicationOutput, Wizard } from './wizard';

/** Whether the form holds personal data typed by the operator (a product choice alone is not). */
export function hasUnsentData(values: ApplicationInput, wizard: Wizard): boolean {
  return JSON.stringify(values.portador) !== JSON.stringify(wizard.blank().portador);
}

/**
 * The wizard's one form and its draft: it starts from the draft left in memory (or a blank form, with the
 * product handed over by the products screen), saves the draft when the wizard is left (not on every key
 * stroke), and forgets it on discard or after a send. A clear since mount (sign-out) wins over a save.
 *
 * `lost`: the wizard opened past its first step (`atLaterStep`: a reload, a bookmark, Back after a
 * sign-out) with nothing typed in memory and nothing handed over. The draft was there once and is gone
 * (drafts live in memory only: docs/requirements.md); the page says so and starts over.
 */
export function useApplicationDraft(wizard: Wizard, atLaterStep: boolean) {
  const handedOff = useHandOff('newApplication');
  const [start] = useState(() => {
    const saved = draftStore.get();
    const values = saved?.values ?? wizard.blank();
    const product = handedOff?.productCode;
    const withProduct =
      product && /^\d{1,9}$/.test(product) && values.codigodoproduto === ''
        ? { ...values, codigodoproduto: product }
        : values;
    const restored = saved !== null && hasUnsentData(saved.values, wizard);
    return { values: withProduct, restored, lost: atLaterStep && saved === null && handedOff === null };
  });
  const epoch = useRef(draftStore.epoch());
  const resolver = useMemo(() => zodResolver(wizard.schema), [wizard]);
  // Errors appear on "Continuar" (a step is checked when the operator says it is done); a field that shows
  // an error checks itself again as it is corrected (field-kinds/form-text.tsx). Validating on blur or on every change
  // instead made react-hook-form validate a whole array when a row was added, flagging the new empty row
  // at once, and let messages vanish on blur, moving the page under the operator's click.
  const methods = useForm<ApplicationInput, unknown, ApplicationOutput>({
    defaultValues: start.values,
    resolver,
    mode: 'onSubmit',
  });
  const { getValues, reset } = methods;

  useEffect(
    () => () => draftStore.save(getValues(), epoch.current, hasUnsentData(getValues(), wizard)),
    [getValues, wizard],
  );
  // While the wizard is open its form is the draft: "Sair" reads it there.
  useEffect(
    () => registerUnsentWork('draft', () => (hasUnsentData(getValues(), wizard) ? { kind: 'draft' } : null)),
    [getValues, wizard],
  );

  /** Forgets the draft (discarded, or sent) and starts a blank form. */
  const forget = () => startFrom(wizard.blank());
  /** A new draft (with its own idempotency key) holding `values`: another application from a sent one. */
  const startFrom = (values: ApplicationInput) => {
    draftStore.clear();
    epoch.current = draftStore.epoch();
    reset(values);
  };
  return { methods, restored: start.restored, lost: start.lost, forget, startFrom };
}
