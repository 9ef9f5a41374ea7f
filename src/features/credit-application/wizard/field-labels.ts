import { useRuntimeConfig } from '@/config/config-context';
import type { ErrorCode } from '../field-kinds/kind';
import { creditApplicationTexts, useCreditApplicationTranslation, type TFunction } from '../texts';

/** The DOM id of the input at `path`, so that the error summary can link to it. */
export function fieldId(path: string): string {
  return `campo-${path}`;
}

/** The fields that have a label (texts.ts `fields`; wizard.ts checks that every field of a step has one). */
type LabelledField = keyof (typeof creditApplicationTexts)['pt-BR']['fields'];
const labels: Readonly<Record<LabelledField, string>> = creditApplicationTexts['pt-BR'].fields;
const isFieldName = (key: string): key is LabelledField => Object.hasOwn(labels, key);

/** The label of a field alone ("DDD"), from the last segment of its path. */
export function ownLabel(path: string, t: TFunction): string {
  const last = path.split('.').pop() ?? '';
  // Only an additional card's field (named by config) may have no label: it shows its name.
  return isFieldName(last) ? t(`creditApplication.fields.${last}`) : last;
}

/** "Telefone 2: DDD", "CPF", "Endereços": the label of the field at `path`, with its row's name. */
export function fieldLabel(path: string, t: TFunction): string {
  const label = ownLabel(path, t);
  const row = /^portador\.(telefones|enderecos|cartoesadicionais)\.(\d+)(?:\.|$)/.exec(path);
  if (!row) return label;
  const number = Number(row[2]) + 1;
  const rowLabel =
    row[1] === 'telefones'
      ? t('creditApplication.rows.phone', { number })
      : row[1] === 'enderecos'
        ? t('creditApplication.rows.address', { number })
        : t('creditApplication.rows.card', { number });
  return path.split('.').length > 3 ? `${rowLabel}: ${label}` : rowLabel;
}

/** The translated message of an error code (the step schemas use codes as messages). */
export function useErrorMessage() {
  const { t } = useCreditApplicationTranslation();
  const { printedNameMaxLength } = useRuntimeConfig();
  return (code: string | undefined): string | null => {
    if (!code) return null;
    return t(`creditApplication.errors.${code as ErrorCode}`, { max: printedNameMaxLength });
  };
}
