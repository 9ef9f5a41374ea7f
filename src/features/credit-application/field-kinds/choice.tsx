import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import * as z from 'zod/mini';
import type { ConfigLabel } from '@/config/config-schema';
import { localizeLabel } from '@/config/config-label';
import { UF_CODES } from '@/lib/brazil';
import { fieldId, ownLabel } from '../wizard/field-labels';
import { useCreditApplicationTranslation } from '../texts';
import { recheckWhenWrong, useFieldErrorText, useHelpText } from './form-text';
import { asTyped, checked, describe, isBlank } from './kind';
import type { ErrorCode, FieldInputProps, FieldKind, FieldOptions, KindMeta } from './kind';

/**
 * One of a list, in a native select (keyboard friendly: type the first letters; light: no Menu or
 * Popover). Each option carries its value and its label (a config label: one text, or one per
 * language); the select, the check and the review read the same list.
 */
export interface Option {
  value: string;
  label: ConfigLabel;
}

export type ChoiceMeta = KindMeta<'choice', { options: readonly Option[]; placeholder: boolean }>;
declare module './kind' {
  interface MetaByKind {
    choice: ChoiceMeta;
  }
}

interface ChoiceOptions extends FieldOptions {
  /** An empty first choice ("Escolha"); without it, a blank form holds the first option. */
  placeholder?: boolean;
}

interface FormSelectProps {
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty first option's text ("Escolha"); none when every value is acceptable. */
  placeholder?: string;
  required?: boolean;
  helperText?: ReactNode;
}

/** A native select registered in the form; its `name` attribute is its path, its label comes from it. */
export function FormSelect({ name, options, placeholder, required, helperText }: FormSelectProps) {
  const { t } = useCreditApplicationTranslation();
  const { register, getValues, trigger } = useFormContext();
  const registration = useMemo(() => register(name), [register, name]);
  // An uncontrolled select cannot show a value before its option exists (products load after the
  // form, e.g. a product handed over by the products screen or a restored draft): once the options arrive,
  // show the form's value.
  const optionValues = options.map((option) => option.value).join('\u0000');
  useEffect(() => {
    const select = document.getElementById(fieldId(name));
    const value: unknown = getValues(name);
    if (select instanceof HTMLSelectElement && typeof value === 'string' && select.value !== value)
      select.value = value;
  }, [optionValues, getValues, name]);
  const errorText = useFieldErrorText(name);
  const label = ownLabel(name, t);
  const id = fieldId(name);
  const helpId = `${id}-help`;
  const help = errorText ?? helperText;
  return (
    <FormControl error={errorText !== null} required={required} fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput notched label={required ? `${label} *` : label} />}
        id={id}
        name={registration.name}
        inputRef={registration.ref}
        onChange={(event) =>
          recheckWhenWrong(registration.onChange(event), errorText !== null, () => trigger(name))
        }
        onBlur={(event) => void registration.onBlur(event)}
        inputProps={{ 'aria-describedby': help ? helpId : undefined, 'aria-invalid': errorText !== null }}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {help ? <FormHelperText id={helpId}>{help}</FormHelperText> : null}
    </FormControl>
  );
}

function ChoiceField({ name, meta }: FieldInputProps<ChoiceMeta>) {
  const { t, i18n } = useCreditApplicationTranslation();
  const { options, placeholder } = meta;
  const help = useHelpText(meta);
  const labelled = useMemo(
    () =>
      options.map((option) => ({ value: option.value, label: localizeLabel(option.label, i18n.language) })),
    [options, i18n.language],
  );
  return (
    <FormSelect
      name={name}
      options={labelled}
      placeholder={placeholder ? t('creditApplication.help.choose') : undefined}
      required={meta.required}
      helperText={help}
    />
  );
}

export const choiceKind: FieldKind<ChoiceMeta> = {
  Input: ChoiceField,
  display: (value, { options }, { language }) => {
    const found = options.find((option) => option.value === value);
    return found ? localizeLabel(found.label, language) : asTyped(value);
  },
};

function register<S extends z.core.$ZodType>(
  schema: S,
  options: readonly Option[],
  { placeholder = true, ...layout }: ChoiceOptions,
) {
  // Without an empty first choice, a blank form holds the first option.
  const initial = placeholder ? '' : (options[0]?.value ?? '');
  return describe(schema, { kind: 'choice', md: 4, initial, options, placeholder, ...layout });
}

const isOneOf = (options: readonly Option[], value: string) =>
  options.some((option) => option.value === value);

/** One of `options`, sent as its value. */
export function choice(
  options: readonly Option[],
  choiceOptions: ChoiceOptions = {},
  error: ErrorCode = 'choose',
) {
  return register(
    checked((value) => (isBlank(value) ? 'choose' : isOneOf(options, value) ? null : error)),
    options,
    choiceOptions,
  );
}

/** One of `options` whose values are integers (an occupation code, a due day), sent as an integer. */
export function intChoice(
  options: readonly Option[],
  choiceOptions: ChoiceOptions = {},
  error: ErrorCode = 'choose',
) {
  return register(
    z.pipe(
      checked((value) => {
        if (isBlank(value)) return 'choose';
        return /^\d{1,9}$/.test(value.trim()) && isOneOf(options, value.trim()) ? null : error;
      }),
      z.transform((value) => Number.parseInt(value.trim(), 10)),
    ),
    options,
    choiceOptions,
  );
}

const UF_OPTIONS: readonly Option[] = UF_CODES.map((code) => ({ value: code, label: code }));

/** One of the 27 federative units (UF). */
export function uf(choiceOptions: ChoiceOptions = {}) {
  return choice(UF_OPTIONS, { md: 2, ...choiceOptions }, 'uf');
}
