import { act, screen } from '@testing-library/react';
import { blankApplication, type ApplicationInput } from '@/features/credit-application/schema';
import { draftStore } from '@/features/credit-application/wizard/draft-store';
import { renderRoute } from './render-route';
import { sampleContext } from './sample-application';

/**
 * The wizard shown at step `slug` as an operator gets there: opened at step 1, then moved to the step in
 * the same tab. (Opened at a later step directly, with nothing typed, it says the draft is gone and starts
 * over at step 1.) For page tests about one step; tests only (lint: `*.fixture`).
 */
export async function renderWizardAt(slug: string, options: Parameters<typeof renderRoute>[1]) {
  const view = renderRoute('/proposta/nova/produto', options);
  await screen.findByText('Etapa 1 de 8', { exact: true });
  await act(() => view.router.navigate(`/proposta/nova/${slug}`));
  return view;
}

/** A draft holding `values` in memory, as when the operator left the wizard and comes back to it. */
export function startDraft(values: ApplicationInput) {
  draftStore.clear();
  draftStore.open(blankApplication(sampleContext), values);
}
