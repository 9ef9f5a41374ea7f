import { useRuntimeConfig } from '@/config/config-context';
import type { ErrorCode } from './field-kinds/kind';
import { creditApplicationTexts, useTranslation, type TFunction } from './texts';
import type { ApplicationInput } from './wizard';

/** The DOM id of the input at `path`, so that the error summary can link to it. */
export function fieldId(path: string): string {
  return `campo-${path}`;
}

/**
 * The names of every field and field array of the form (the keys of the step schemas' objects, rows
 * included; not the groups `portador` and `cartaodecredito`, nor the config's additional-card fields).
 */
type FieldNames<T> = T extends readonly (infer Row)[]
  ? FieldNames<Row>
  : T extends object
    ? string extends keyof T
      ? never
      : {
          [K in keyof T & string]: T[K] extends readonly unknown[]
            ? K | FieldNames<T[K]>
            : T[K] extends object
              ? FieldNames<T[K]>
              : K;
        }[keyof T & string]
    : never;
export type FieldName = FieldNames<ApplicationInput>;

/**
 * Every field named by a step schema has a label: a field missing from texts.ts `fields` fails tsc here,
 * and `defineTexts` makes the English table have the same keys as the Portuguese one.
 */
const labels: Readonly<Record<FieldName, string>> = creditApplicationTexts['pt-BR'].fields;
const isFieldName = (key: string): key is FieldName => Object.hasOwn(labels, key);

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
  const { t } = useTranslation();
  const { printedNameMaxLength } = useRuntimeConfig();
  return (code: string | undefined): string | null => {
    if (!code) return null;
    return t(`creditApplication.errors.${code as ErrorCode}`, { max: printedNameMaxLength });
  };
}
