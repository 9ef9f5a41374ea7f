import { useMemo, type ChangeEvent, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { mergeRefs } from '@/lib/merge-refs';
import { TextInput, type TextInputProps } from '@/components/text-input';
import { useDigitMask } from '@/hooks/use-digit-mask';
import type { DigitPattern } from '@/lib/digit-pattern';
import { fieldId, ownLabel, useErrorMessage } from '../wizard/field-labels';
import { useCreditApplicationTranslation } from '../texts';
import { useErrorCode } from '../wizard/use-form-errors';
import type { BaseMeta } from './kind';

/** Personal data: no autofill, spell check or autocorrect (docs/requirements.md B6). */
const piiInputProps = {
  autoComplete: 'off',
  spellCheck: false,
  autoCorrect: 'off',
  autoCapitalize: 'off',
} as const;

/**
 * After a field's change reaches the form: a field that shows an error checks itself again, so the
 * message goes away as soon as the value is right. The form validates on "Continuar" (and a date as it
 * is left); this keeps the messages honest in between.
 */
export function recheckWhenWrong(
  change: Promise<unknown>,
  hasError: boolean,
  recheck: () => Promise<boolean>,
) {
  void change.then(() => (hasError ? recheck() : undefined));
}

/** This field's error message; re-renders only when this field's message changes. */
export function useFieldErrorText(name: string): string | null {
  const message = useErrorMessage();
  return message(useErrorCode(name) ?? undefined);
}

/** The field's help line (texts.ts `help.<key>`), if its meta names one. */
export function useHelpText(meta: BaseMeta): string | undefined {
  const { t } = useCreditApplicationTranslation();
  return meta.help === undefined ? undefined : t(`creditApplication.help.${meta.help}`);
}

/** Reads and writes form values as text (untyped paths: rows' paths are built at run time); stable. */
export function useTextValues() {
  const { getValues, setValue, trigger } = useFormContext();
  return useMemo(
    () => ({
      read: (path: string): string => {
        const value: unknown = getValues(path);
        return typeof value === 'string' ? value : '';
      },
      write: (path: string, value: string, validate = false) =>
        setValue(path, value, { shouldDirty: true, shouldValidate: validate }),
      trigger,
    }),
    [getValues, setValue, trigger],
  );
}

type FormTextProps = Omit<TextInputProps, 'name' | 'errorText' | 'id' | 'inputRef' | 'label' | 'required'> & {
  name: string;
  /** Its meta: whether it is required, its help line (unless `helperText` says otherwise). */
  meta: BaseMeta;
  helperText?: ReactNode;
  mask?: DigitPattern;
  /** Replaces the plain change handling (the event still reaches the form unless it returns true). */
  onBeforeChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => boolean;
  /** Called after the form's own onBlur. */
  onAfterBlur?: () => void;
};

/**
 * A text input registered in the wizard's form: its `name` attribute is its path in the request body,
 * its label comes from that name (texts.ts `fields.<last segment>`), its id is `fieldId(name)`, its
 * error sits beside it. The label stays above the field: the app fills some values (CEP, printed name,
 * a phone split) without an input event, and MUI would not notice them. The kinds' inputs are made of it.
 */
export function FormText({
  name,
  meta,
  helperText,
  mask,
  onBeforeChange,
  onAfterBlur,
  inputProps,
  ...props
}: FormTextProps) {
  const { t } = useCreditApplicationTranslation();
  const help = useHelpText(meta);
  const { register, trigger } = useFormContext();
  // Memoised: a new ref callback on every render would make the mask re-attach mid-typing.
  const registration = useMemo(() => register(name), [register, name]);
  const digitMask = useDigitMask(mask ?? '');
  const ref = useMemo(
    () => (mask === undefined ? registration.ref : mergeRefs(digitMask.attach, registration.ref)),
    [mask, digitMask.attach, registration.ref],
  );
  const errorText = useFieldErrorText(name);
  return (
    <TextInput
      fullWidth
      {...props}
      required={meta.required}
      helperText={helperText ?? help}
      label={ownLabel(name, t)}
      id={fieldId(name)}
      name={registration.name}
      inputRef={ref}
      shrinkLabel
      onChange={(event) => {
        if (onBeforeChange?.(event)) return;
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
