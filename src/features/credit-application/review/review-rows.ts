import { useQuery } from '@tanstack/react-query';
import { productQueries } from '@/api/products';
import { useServices } from '@/hooks/services-context';
import type { DisplayContext } from '../field-kinds/kind';
import { display } from '../field-kinds/registry';
import { fieldLabel, ownLabel } from '../wizard/field-labels';
import { useCreditApplicationTranslation } from '../texts';
import {
  isArrayEntry,
  rowFieldsOf,
  type ArrayEntry,
  type FormStepKey,
  type StepSlug,
  type Wizard,
} from '../wizard/wizard';

/**
 * What the review shows, read from the step schemas: each step's label–value rows, each value through its
 * kind's display, each row of a field array as its summary lines. Pure, so that a printed summary can
 * lay out the same rows.
 */

/** One label and its value, in one or more lines ("" when the field was left blank). */
export interface ReviewRow {
  label: string;
  lines: string[];
}

export interface ReviewSection {
  step: FormStepKey;
  slug: StepSlug;
  rows: ReviewRow[];
}

/** Reads a value of the form by its path. */
export type ReadValue = (path: string) => unknown;

/** The lines of row `index` of a field array: its summary, or "label: value" for each field. */
export function rowLines(entry: ArrayEntry, index: number, read: ReadValue, context: DisplayContext) {
  const fields = rowFieldsOf(entry, index);
  const at = `${entry.path}.${index}.`;
  const field = (key: string) => fields.find((candidate) => candidate.path === `${at}${key}`);
  const shown = (key: string) => {
    const found = field(key);
    return found ? display(found.field, read(found.path), context) : '';
  };
  if (entry.rows.summary)
    return entry.rows.summary({
      shown,
      typed: (key) => read(`${at}${key}`),
      label: (key) => ownLabel(`${at}${key}`, context.t),
    });
  if (fields.length === 0) return [context.t('creditApplication.review.additionalCardEmpty')];
  return fields.map(
    (found) => `${ownLabel(found.path, context.t)}: ${display(found.field, read(found.path), context)}`,
  );
}

/** Every value of the application, grouped by step, as the review shows it. */
export function reviewSections(wizard: Wizard, read: ReadValue, context: DisplayContext): ReviewSection[] {
  const { t } = context;
  return wizard.steps.flatMap((step) => {
    if (step.key === 'review') return [];
    const rows = step.fields.flatMap((entry): ReviewRow[] => {
      if (!isArrayEntry(entry))
        return [
          { label: fieldLabel(entry.path, t), lines: [display(entry.field, read(entry.path), context)] },
        ];
      const list = read(entry.path);
      if (!Array.isArray(list) || list.length === 0)
        return [{ label: fieldLabel(entry.path, t), lines: [t('creditApplication.review.none')] }];
      return list.map((_: unknown, index) => ({
        label: fieldLabel(`${entry.path}.${index}`, t),
        lines: rowLines(entry, index, read, context),
      }));
    });
    return [{ step: step.key, slug: step.slug, rows }];
  });
}

/** What the kinds' displays need: the language, its texts, and the provider's product names. */
export function useDisplayContext(): DisplayContext {
  const { t, i18n } = useCreditApplicationTranslation();
  const { http } = useServices();
  const products = useQuery(productQueries.list(http));
  return {
    t,
    language: i18n.language,
    productName: (code) => products.data?.find((product) => product.codigo === code)?.nome,
  };
}
