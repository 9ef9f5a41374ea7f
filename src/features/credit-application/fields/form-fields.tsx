import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useMemo, type ChangeEvent, type ReactNode } from 'react';
import {
  get,
  useFormContext,
  useFormState,
  useWatch,
  type FieldPath,
  type FieldPathByValue,
} from 'react-hook-form';
import { TextInput, type TextInputProps } from '@/components/text-input';
import { useRuntimeConfig } from '@/config/config-context';
import { localizeLabel } from '@/config/config-label';
import { useDigitMask } from '@/hooks/use-digit-mask';
import type { DigitPattern } from '@/lib/digit-pattern';
import { mergeRefs } from '@/lib/merge-refs';
import type { ErrorCode, Option } from '../rules';
import type { ApplicationInput } from '../schema';
import { creditApplicationTexts, useCreditApplicationTranslation, type TFunction } from '../texts';

/** A field's path in the form, which is its path in the request body and its `name` attribute. */
export type Path = FieldPath<ApplicationInput>;
/** The path of a field typed as text. */
export type TextPath = FieldPathByValue<ApplicationInput, string>;

/** The DOM id of the input at `path`, so that the error summary can link to it. */
export const fieldId = (path: string) => `campo-${path}`;

type LabelledField = keyof (typeof creditApplicationTexts)['pt-BR']['fields'];
const isFieldName = (key: string): key is LabelledField =>
  Object.hasOwn(creditApplicationTexts['pt-BR'].fields, key);

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
  const item = row[1] === 'telefones' ? 'phone' : row[1] === 'enderecos' ? 'address' : 'card';
  const rowLabel = t(`creditApplication.rows.${item}`, { number: Number(row[2]) + 1 });
  return path.split('.').length > 3 ? `${rowLabel}: ${label}` : rowLabel;
}

/** The translated message of an error code (the step schemas use codes as messages). */
export function useErrorMessage() {
  const { t } = useCreditApplicationTranslation();
  const { printedNameMaxLength } = useRuntimeConfig();
  return (code: string | undefined): string | null =>
    code ? t(`creditApplication.errors.${code as ErrorCode}`, { max: printedNameMaxLength }) : null;
}

/** The message of the field at `name` (an array's own error sits at `name.root` or `name`). */
export function useFieldError(name: string): string | null {
  const { errors } = useFormState<ApplicationInput>({ name: name as Path, exact: true });
  const message = useErrorMessage();
  const error: unknown = get(errors, `${name}.root`) ?? get(errors, name);
  return message(
    error !== null && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
      ? error.message
      : undefined,
  );
}

export interface FieldProblem {
  path: string;
  code: string;
}

/**
 * Every error in react-hook-form's error tree, with its path (an array's own error sits at the array's
 * path), in the tree's order: the schema's, which is the order the step draws its fields.
 */
export function problemsOf(node: unknown, path: string[] = []): FieldProblem[] {
  if (node === null || typeof node !== 'object') return [];
  if ('message' in node && 'type' in node && typeof node.message === 'string')
    return [{ path: path.filter((part) => part !== 'root').join('.'), code: node.message }];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'ref' || key === 'types' ? [] : problemsOf(value, [...path, key]),
  );
}

/** A grid cell: the whole width on phones, `md` of 12 columns from md up. */
export function Cell({ md, xs = 12, children }: { md: number; xs?: number; children: ReactNode }) {
  return <Grid size={{ xs, md }}>{children}</Grid>;
}

/** Personal data: no autofill, spell check or autocorrect (docs/requirements.md B6). */
const piiInputProps = {
  autoComplete: 'off',
  spellCheck: false,
  autoCorrect: 'off',
  autoCapitalize: 'off',
} as const;

export type FormTextProps = Omit<
  TextInputProps,
  'name' | 'errorText' | 'id' | 'inputRef' | 'label' | 'required' | 'onChange' | 'onBlur'
> & {
  name: TextPath;
  /** Required unless said (the label gets its asterisk). */
  optional?: boolean;
  mask?: DigitPattern;
  /** Shown upper-case as typed; the value follows when the field is left. */
  upper?: boolean;
  /** Runs before the change reaches the form; returning true keeps it from the form. */
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => boolean;
  /** Runs after the form's own blur. */
  onBlur?: () => void;
};

/**
 * A text input registered in the form: its `name` attribute is its path in the request body, its label
 * comes from that name (texts.ts `fields.<last segment>`), its id is `fieldId(name)`, its error sits
 * beside it. The label stays above the field: the app fills some values (CEP, printed name, a phone
 * split) without an input event, and MUI would not notice them. Validation runs on "Continuar"; a field
 * that shows an error checks itself again as it is corrected, so the message goes as soon as it is right.
 */
export function FormText({
  name,
  optional = false,
  helperText,
  mask,
  upper = false,
  onChange,
  onBlur,
  inputProps,
  ...props
}: FormTextProps) {
  const { t } = useCreditApplicationTranslation();
  const { register, trigger, getValues, setValue } = useFormContext<ApplicationInput>();
  // Memoised: a new ref callback on every render would make the mask re-attach mid-typing.
  const registration = useMemo(() => register(name), [register, name]);
  const digitMask = useDigitMask(mask ?? '');
  const ref = useMemo(
    () => (mask === undefined ? registration.ref : mergeRefs(digitMask.attach, registration.ref)),
    [mask, digitMask.attach, registration.ref],
  );
  const errorText = useFieldError(name);
  return (
    <TextInput
      fullWidth
      {...props}
      required={!optional}
      helperText={helperText ?? (optional ? t('creditApplication.help.optional') : undefined)}
      label={ownLabel(name, t)}
      id={fieldId(name)}
      name={registration.name}
      inputRef={ref}
      shrinkLabel
      onChange={(event) => {
        if (onChange?.(event)) return;
        if (mask !== undefined) digitMask.onChange(event);
        void registration.onChange(event).then(() => (errorText === null ? undefined : trigger(name)));
      }}
      onBlur={(event) => {
        void registration.onBlur(event);
        const value = getValues(name);
        if (upper && value !== value.toUpperCase()) setValue(name, value.toUpperCase());
        onBlur?.();
      }}
      errorText={errorText}
      inputProps={{
        ...piiInputProps,
        ...(mask === undefined ? {} : { inputMode: 'numeric' }),
        ...(upper ? { style: { textTransform: 'uppercase' } } : {}),
        ...inputProps,
      }}
    />
  );
}

interface FormSelectProps {
  name: FieldPathByValue<ApplicationInput, string>;
  options: readonly Option[];
  /** The empty first option's text ("Escolha" unless said); `false`: none, the first option is a sound default. */
  placeholder?: string | false;
  helperText?: ReactNode;
}

/**
 * A native select registered in the form (keyboard friendly: type the first letters; light: no Menu or
 * Popover); its `name` attribute is its path, its label comes from it, its options from config or the
 * schema's list (the review reads the same list).
 */
export function FormSelect({ name, options, placeholder, helperText }: FormSelectProps) {
  const { t, i18n } = useCreditApplicationTranslation();
  const empty = placeholder ?? t('creditApplication.help.choose');
  const { register, trigger, control } = useFormContext<ApplicationInput>();
  const registration = useMemo(() => register(name), [register, name]);
  // Controlled: a value can arrive before its option (the products load after the form, a product
  // handed over by the products screen), and the select shows it once the option is there.
  const value = useWatch({ control, name });
  const errorText = useFieldError(name);
  const label = ownLabel(name, t);
  const id = fieldId(name);
  const help = errorText ?? helperText;
  return (
    <FormControl error={errorText !== null} required fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput notched label={`${label} *`} />}
        id={id}
        name={registration.name}
        value={value}
        inputRef={registration.ref}
        onChange={(event) =>
          void registration.onChange(event).then(() => (errorText === null ? undefined : trigger(name)))
        }
        onBlur={(event) => void registration.onBlur(event)}
        onKeyDown={(event) => {
          // Enter continues from a list too, as it does from a text field.
          const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
          if (event.key !== 'Enter' || !plain || !(event.target instanceof HTMLSelectElement)) return;
          event.preventDefault();
          event.target.form?.requestSubmit();
        }}
        inputProps={{
          'aria-describedby': help ? `${id}-help` : undefined,
          'aria-invalid': errorText !== null,
        }}
      >
        {empty === false ? null : <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {localizeLabel(option.label, i18n.language)}
          </option>
        ))}
      </NativeSelect>
      {help ? <FormHelperText id={`${id}-help`}>{help}</FormHelperText> : null}
    </FormControl>
  );
}
