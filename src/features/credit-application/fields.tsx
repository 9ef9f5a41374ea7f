import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useMemo, type ReactNode } from 'react';
import { get, useFormContext, useFormState, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mergeRefs } from '@/components/merge-refs';
import { TextInput, type TextInputProps } from '@/components/text-input';
import { useDigitMask } from '@/components/use-digit-mask';
import type { DigitPattern } from '@/lib/digit-pattern';
import { useRuntimeConfig } from '@/config/config-context';
import type { ErrorCode } from './application-schema';

/** The DOM id of the input at `path`, so that the error summary can link to it. */
export function fieldId(path: string): string {
  return `campo-${path}`;
}

/** Personal data: no autofill, spell check or autocorrect (RELIABILITY.md B6). */
export const piiInputProps = {
  autoComplete: 'off',
  spellCheck: false,
  autoCorrect: 'off',
  autoCapitalize: 'off',
} as const;

/** The translated message of an error code (the form's zod schema uses codes as messages). */
export function useErrorMessage() {
  const { t } = useTranslation();
  const { printedNameMaxLength } = useRuntimeConfig();
  return (code: string | undefined): string | null => {
    if (!code) return null;
    return t(`creditApplication.errors.${code as ErrorCode}`, { max: printedNameMaxLength });
  };
}

/**
 * After a field's change reaches the form: a field that shows an error checks itself again, so the
 * message goes away as soon as the value is right (and a new one shows if it is still wrong). The form
 * validates on "Continuar" only (credit-application-page.tsx); this keeps the messages honest in between.
 */
function recheckWhenWrong(
  change: Promise<unknown>,
  hasError: boolean,
  recheck: () => Promise<boolean>,
): void {
  void change.then(() => (hasError ? recheck() : undefined));
}

/** This field's error message; re-renders only when this field's error changes. */
function useFieldErrorText(name: string): string | null {
  // Untyped context: the paths of array rows are built at run time.
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const message = useErrorMessage();
  const error: FieldError | undefined = get(errors, name);
  return message(error?.message);
}

type FormTextProps = Omit<TextInputProps, 'name' | 'errorText' | 'id' | 'inputRef'> & {
  name: string;
  mask?: DigitPattern;
  /** Called after the form's own onBlur. */
  onAfterBlur?: () => void;
};

/**
 * A text input registered in the wizard's form: its `name` attribute is its path in the request body,
 * its id is `fieldId(name)`, its error sits beside it.
 */
export function FormText({ name, mask, onAfterBlur, inputProps, ...props }: FormTextProps) {
  const { register, trigger } = useFormContext();
  // Memoised: a new ref callback on every render would make the mask re-attach mid-typing.
  const registration = useMemo(() => register(name), [register, name]);
  // Hooks run on every render; without a mask the digit mask is simply not wired in.
  const digitMask = useDigitMask(mask ?? '');
  const ref = useMemo(
    () => (mask === undefined ? registration.ref : mergeRefs(digitMask.attach, registration.ref)),
    [mask, digitMask.attach, registration.ref],
  );
  const errorText = useFieldErrorText(name);
  return (
    <TextInput
      {...props}
      id={fieldId(name)}
      name={registration.name}
      inputRef={ref}
      onChange={(event) => {
        if (mask !== undefined) digitMask.onChange(event);
        recheckWhenWrong(registration.onChange(event), errorText !== null, () => trigger(name));
      }}
      onBlur={(event) => {
        void registration.onBlur(event);
        onAfterBlur?.();
      }}
      errorText={errorText}
      inputProps={{
        ...piiInputProps,
        ...(mask === undefined ? {} : { inputMode: 'numeric' }),
        ...inputProps,
      }}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

interface FormSelectProps {
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** The empty first option's text ("Escolha"); none when every value is acceptable. */
  placeholder?: string;
  required?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  sx?: TextInputProps['sx'];
}

/**
 * A native select registered in the form (keyboard friendly: type the first letters), light (no Menu or
 * Popover), and its `name` attribute is its path in the request body.
 */
export function FormSelect({
  name,
  label,
  options,
  placeholder,
  required,
  helperText,
  fullWidth,
  sx,
}: FormSelectProps) {
  const { register, getValues, trigger } = useFormContext();
  // Memoised: a new ref callback on every render would make the mask re-attach mid-typing.
  const registration = useMemo(() => register(name), [register, name]);
  // An uncontrolled select cannot show a value before its option exists (products load after the
  // form, e.g. `?produto=102` or a restored draft): once the options arrive, show the form's value.
  const optionValues = options.map((option) => option.value).join('\u0000');
  useEffect(() => {
    const select = document.getElementById(fieldId(name));
    const value: unknown = getValues(name);
    if (select instanceof HTMLSelectElement && typeof value === 'string' && select.value !== value)
      select.value = value;
  }, [optionValues, getValues, name]);
  const errorText = useFieldErrorText(name);
  const id = fieldId(name);
  const helpId = `${id}-help`;
  const help = errorText ?? helperText;
  return (
    <FormControl error={errorText !== null} required={required} fullWidth={fullWidth} sx={sx}>
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

/** Digit patterns of the masked fields (`_` is a digit): for the eye only, the request gets digits. */
export const masks = {
  cpf: '___.___.___-__',
  date: '__/__/____',
  cep: '_____-___',
  ddd: '__',
  // 8 digits show as 3333-4444, 9 as 98765-4321.
  phone: (digits: string) => (digits.length > 8 ? '_____-____' : '____-____'),
} satisfies Record<string, DigitPattern>;
