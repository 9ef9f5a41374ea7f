import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Radio from '@mui/material/Radio';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { cepQueries } from '@/api/cep';
import { productQueries } from '@/api/products';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { mergeRefs } from '@/components/merge-refs';
import { TextInput, type TextInputProps } from '@/components/text-input';
import { useDigitMask } from '@/components/use-digit-mask';
import { useRuntimeConfig } from '@/config/config-context';
import { localizeLabel } from '@/config/config-label';
import { UF_CODES, formatPhoneNumber, isValidCep, readPhoneTyping } from '@/lib/brazil';
import { normalizeBrDate, parseBrDate } from '@/lib/dates';
import { onlyDigits, type DigitPattern } from '@/lib/digit-pattern';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money';
import { normalizeApostrophes, suggestPrintedName } from '@/lib/printed-name';
import { DUE_DAYS } from './steps/product';
import type { ErrorCode, FieldUi, OptionSource } from './field-kit';
import { creditApplicationTexts, useTranslation, type TFunction } from './texts';
import { useArrayErrorCode, useErrorCode } from './use-form-errors';
import { noteRender } from './render-probe';

/** The DOM id of the input at `path`, so that the error summary can link to it. */
export function fieldId(path: string): string {
  return `campo-${path}`;
}

type FieldKey = keyof (typeof creditApplicationTexts)['pt-BR']['fields'];
const fieldKeys = creditApplicationTexts['pt-BR'].fields;
const isFieldKey = (key: string): key is FieldKey => Object.hasOwn(fieldKeys, key);

/** "Telefone 2: DDD", "CPF", "Endereços": the label of the field at `path`, from its last segment. */
export function fieldLabel(path: string, t: TFunction): string {
  const parts = path.split('.');
  const last = parts[parts.length - 1] ?? '';
  const label = isFieldKey(last) ? t(`creditApplication.fields.${last}`) : last;
  const row = /^portador\.(telefones|enderecos|cartoesadicionais)\.(\d+)(?:\.|$)/.exec(path);
  if (!row) return label;
  const number = Number(row[2]) + 1;
  const rowLabel =
    row[1] === 'telefones'
      ? t('creditApplication.rows.phone', { number })
      : row[1] === 'enderecos'
        ? t('creditApplication.rows.address', { number })
        : t('creditApplication.rows.card', { number });
  return parts.length > 3 ? `${rowLabel}: ${label}` : rowLabel;
}

/** The label of a field alone ("DDD"), from the last segment of its `name`. */
export function ownLabel(path: string, t: TFunction): string {
  const last = path.split('.').pop() ?? '';
  return isFieldKey(last) ? t(`creditApplication.fields.${last}`) : last;
}

/** Personal data: no autofill, spell check or autocorrect (docs/requirements.md B6). */
export const piiInputProps = {
  autoComplete: 'off',
  spellCheck: false,
  autoCorrect: 'off',
  autoCapitalize: 'off',
} as const;

/** The translated message of an error code (the step schemas use codes as messages). */
export function useErrorMessage() {
  const { t } = useTranslation();
  const { printedNameMaxLength } = useRuntimeConfig();
  return (code: string | undefined): string | null => {
    if (!code) return null;
    return t(`creditApplication.errors.${code as ErrorCode}`, { max: printedNameMaxLength });
  };
}

/** The options of a select, labelled in the UI language. */
export function useOptions(source: OptionSource | undefined): Array<{ value: string; label: string }> {
  const { i18n } = useTranslation();
  const { domains } = useRuntimeConfig();
  switch (source) {
    case 'uf':
      return UF_CODES.map((code) => ({ value: code, label: code }));
    case 'dueDay':
      return DUE_DAYS.map((day) => ({ value: day, label: day }));
    case 'profissoes':
      return domains.profissoes.map((entry) => ({
        value: String(entry.code),
        label: localizeLabel(entry.label, i18n.language),
      }));
    case undefined:
      return [];
    default:
      return domains[source].map((entry) => ({
        value: entry.value,
        label: localizeLabel(entry.label, i18n.language),
      }));
  }
}

/**
 * After a field's change reaches the form: a field that shows an error checks itself again, so the
 * message goes away as soon as the value is right. The form validates on "Continuar" (and a date as it
 * is left); this keeps the messages honest in between.
 */
function recheckWhenWrong(change: Promise<unknown>, hasError: boolean, recheck: () => Promise<boolean>) {
  void change.then(() => (hasError ? recheck() : undefined));
}

/** This field's error message; re-renders only when this field's message changes. */
function useFieldErrorText(name: string): string | null {
  const message = useErrorMessage();
  return message(useErrorCode(name) ?? undefined);
}

type FormTextProps = Omit<TextInputProps, 'name' | 'errorText' | 'id' | 'inputRef' | 'label'> & {
  name: string;
  label?: string;
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
 * a phone split) without an input event, and MUI would not notice them.
 */
export function FormText({
  name,
  label,
  mask,
  onBeforeChange,
  onAfterBlur,
  inputProps,
  ...props
}: FormTextProps) {
  noteRender('FormText', name);
  const { t } = useTranslation();
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
      {...props}
      label={label ?? ownLabel(name, t)}
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

interface FormSelectProps {
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty first option's text ("Escolha"); none when every value is acceptable. */
  placeholder?: string;
  required?: boolean;
  helperText?: ReactNode;
}

/**
 * A native select registered in the form (keyboard friendly: type the first letters), light (no Menu or
 * Popover); its `name` attribute is its path in the request body, its label comes from that name.
 */
export function FormSelect({ name, options, placeholder, required, helperText }: FormSelectProps) {
  noteRender('FormSelect', name);
  const { t } = useTranslation();
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

/** Digit patterns of the masked fields (`_` is a digit): for the eye only, the request gets digits. */
export const masks = {
  cpf: '___.___.___-__',
  cep: '_____-___',
  ddd: '__',
  // 8 digits show as 3333-4444, 9 as 98765-4321.
  phone: (digits: string) => (digits.length > 8 ? '_____-____' : '____-____'),
} satisfies Record<string, DigitPattern>;

const parentOf = (path: string) => path.split('.').slice(0, -1).join('.');
const sibling = (path: string, field: string) => `${parentOf(path)}.${field}`;

/** One field of a step, drawn from its schema's UI description; `name` is its path in the body. */
export function Field({
  name,
  ui,
  siblings,
}: {
  name: string;
  ui: FieldUi;
  siblings: readonly FieldSibling[];
}) {
  noteRender('Field', name);
  const { t } = useTranslation();
  const options = useOptions(ui.options);
  switch (ui.kind) {
    case 'product':
      return <ProductField name={name} />;
    case 'select':
      return (
        <FormSelect
          name={name}
          options={options}
          placeholder={ui.placeholder ? t('creditApplication.help.choose') : undefined}
          required={ui.required}
        />
      );
    case 'mailing':
      return <ExclusiveChoice name={name} />;
    default:
      return <TextField name={name} ui={ui} siblings={siblings} />;
  }
}

export interface FieldSibling {
  path: string;
  kind: FieldUi['kind'];
}

function useHelp(name: string, ui: FieldUi): ReactNode {
  const { t } = useTranslation();
  const { printedNameMaxLength } = useRuntimeConfig();
  const { control } = useFormContext();
  // Only the printed name shows a live count; other fields watch nothing.
  const value: unknown = useWatch({ control, name, disabled: ui.kind !== 'printedName' });
  switch (ui.help) {
    case undefined:
      return undefined;
    case 'printedName': {
      const count = typeof value === 'string' ? value.trim().length : 0;
      return `${t('creditApplication.help.printedName', { max: printedNameMaxLength })} · ${t('creditApplication.help.count', { count, max: printedNameMaxLength })}`;
    }
    default:
      return t(`creditApplication.help.${ui.help}`);
  }
}

function TextField({ name, ui, siblings }: { name: string; ui: FieldUi; siblings: readonly FieldSibling[] }) {
  const { getValues, setValue, trigger } = useFormContext();
  const { printedNameMaxLength } = useRuntimeConfig();
  const help = useHelp(name, ui);
  const read = (path: string): string => {
    const value: unknown = getValues(path);
    return typeof value === 'string' ? value : '';
  };
  const write = (path: string, value: string, validate = false) =>
    setValue(path, value, { shouldDirty: true, shouldValidate: validate });

  const common = { name, required: ui.required, helperText: help, fullWidth: true };
  switch (ui.kind) {
    case 'cpf':
      return <FormText {...common} mask={masks.cpf} />;
    case 'cep':
      return <CepField name={name} ui={ui} />;
    case 'date':
      return (
        <FormText
          {...common}
          inputProps={{ inputMode: 'numeric' }}
          onBeforeChange={(event) => {
            // A whole date typed or pasted in another common form is rewritten at once.
            const normalized = normalizeBrDate(event.target.value);
            if (normalized !== event.target.value.trim() && parseBrDate(normalized)) {
              write(name, normalized, true);
              return true;
            }
            return false;
          }}
          onAfterBlur={() => {
            // Checked as it is left, not only on "Continuar".
            const value = read(name);
            if (value.trim() === '') return;
            write(name, normalizeBrDate(value));
            void trigger(name);
          }}
        />
      );
    case 'money':
      return (
        <FormText
          {...common}
          inputProps={{ inputMode: 'decimal' }}
          onAfterBlur={() => {
            const cents = parseMoneyInput(read(name));
            if (cents !== null) write(name, formatMoneyInput(cents));
          }}
        />
      );
    case 'ddd':
    case 'phone': {
      const other = siblings.find((entry) => entry.kind === (ui.kind === 'ddd' ? 'phone' : 'ddd'));
      return (
        <FormText
          {...common}
          inputProps={{ inputMode: 'tel' }}
          mask={ui.kind === 'ddd' ? masks.ddd : masks.phone}
          onBeforeChange={(event) => {
            const typed = readPhoneTyping(event.target.value, ui.kind === 'ddd' ? 'ddd' : 'number');
            if (typed.kind === 'plain') return false;
            if (typed.kind === 'partial') {
              write(name, typed.text);
              return true;
            }
            const dddPath = ui.kind === 'ddd' ? name : other?.path;
            const numberPath = ui.kind === 'phone' ? name : other?.path;
            if (!dddPath || !numberPath) return false;
            write(dddPath, typed.ddd, read(dddPath) !== '');
            write(numberPath, formatPhoneNumber(typed.number) + onlyDigits(typed.number).slice(9));
            if (ui.kind === 'ddd') {
              // The rest of what is being typed belongs to the number.
              const input = document.getElementById(fieldId(numberPath));
              if (input instanceof HTMLInputElement) {
                input.focus();
                input.setSelectionRange(input.value.length, input.value.length);
              }
            }
            return true;
          }}
        />
      );
    }
    case 'printedName':
    case 'upper':
      return (
        <FormText
          {...common}
          inputProps={{ style: { textTransform: 'uppercase' } }}
          onAfterBlur={() => {
            // Shown upper-case as it is typed (CSS); the value follows when the field is left.
            const value = read(name);
            const printed = ui.kind === 'printedName';
            const shown = (printed ? normalizeApostrophes(value) : value).toUpperCase();
            if (value !== shown) write(name, shown, printed);
          }}
        />
      );
    case 'digits':
      return <FormText {...common} inputProps={{ inputMode: 'numeric' }} />;
    case 'email':
      return <FormText {...common} type="email" />;
    default:
      return (
        <FormText
          {...common}
          onAfterBlur={
            ui.fills
              ? () => {
                  // Suggests the printed name when the operator leaves the full name and has none yet.
                  const target = sibling(name, ui.fills?.field ?? '');
                  if (read(target).trim() !== '') return;
                  const suggestion = suggestPrintedName(read(name), printedNameMaxLength);
                  if (suggestion) write(target, suggestion);
                }
              : undefined
          }
        />
      );
  }
}

/**
 * The CEP service (config `cepLookupUrl`): after a valid CEP, fills the street, district, city and UF that
 * are blank or still hold the previous lookup's values; every field stays editable, and a service that is
 * down or absent only means the operator types the address.
 */
function useCepFill(name: string, ui: FieldUi) {
  const { t } = useTranslation();
  const { cepLookupUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const { getValues, setValue } = useFormContext();
  const filled = useRef<Record<string, string>>({});
  const [status, setStatus] = useState<'found' | 'notFound' | null>(null);
  const lastLooked = useRef('');
  const lookup = () => {
    const digits = onlyDigits(String(getValues(name) ?? ''));
    if (!ui.cepFills || !cepLookupUrl || !isValidCep(digits) || digits === lastLooked.current) return;
    lastLooked.current = digits;
    const fills = ui.cepFills;
    void queryClient
      .query(cepQueries.byCep(cepLookupUrl, digits))
      .then((address) => {
        // The operator may have changed the CEP meanwhile.
        if (onlyDigits(String(getValues(name) ?? '')) !== digits) return;
        if (!address) {
          setStatus('notFound');
          return;
        }
        for (const [field, source] of Object.entries(fills)) {
          const path = sibling(name, field);
          const current: unknown = getValues(path);
          const value = address[source];
          if (value === '' || (current !== '' && current !== filled.current[path])) continue;
          filled.current[path] = value;
          setValue(path, value, { shouldDirty: true });
        }
        setStatus('found');
      })
      // A lookup cancelled (sign-out) or failed only means the address is typed.
      .catch(() => undefined);
  };
  return {
    lookup,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      // Looked up as soon as the eighth digit is in (the change goes on to the form as usual).
      if (onlyDigits(event.target.value).length >= 8) queueMicrotask(lookup);
      else setStatus(null);
      return false;
    },
    help:
      status === 'found'
        ? t('creditApplication.help.cepFound')
        : status === 'notFound'
          ? t('creditApplication.help.cepNotFound')
          : undefined,
  };
}

function CepField({ name, ui }: { name: string; ui: FieldUi }) {
  const cep = useCepFill(name, ui);
  return (
    <FormText
      name={name}
      required={ui.required}
      helperText={cep.help}
      fullWidth
      mask={masks.cep}
      onAfterBlur={cep.lookup}
      onBeforeChange={cep.onChange}
    />
  );
}

/** The product list from the provider, with its own error and retry. */
function ProductField({ name }: { name: string }) {
  const { t } = useTranslation();
  const products = useQuery(productQueries.list());
  const options = (products.data ?? []).map((product) => ({
    value: product.codigo,
    label: `${product.codigo} · ${product.nome}`,
  }));
  return (
    <>
      {products.isError ? (
        <Box sx={{ mb: 2 }}>
          <ApiErrorAlert
            error={products.error}
            title={t('creditApplication.help.productsError')}
            onRetry={() => void products.refetch()}
            retrying={products.isFetching}
          />
        </Box>
      ) : null}
      <FormSelect
        name={name}
        options={options}
        placeholder={
          products.isPending
            ? t('creditApplication.help.productsLoading')
            : t('creditApplication.help.choose')
        }
        required
      />
    </>
  );
}

/**
 * A flag that one row of a field array holds (the mailing address): choosing it here unticks the other
 * rows. Described by the array's error when there is one (and only then: no reference to a missing id).
 */
function ExclusiveChoice({ name }: { name: string }) {
  noteRender('ExclusiveChoice', name);
  const { t } = useTranslation();
  const { control, getValues, setValue, trigger } = useFormContext();
  const checked: unknown = useWatch({ control, name });
  const parts = name.split('.');
  const flagName = parts.pop() ?? '';
  const index = Number(parts.pop());
  const arrayPath = parts.join('.');
  // Only whether the array has its own error: a key stroke in another row re-renders no radio.
  const hasArrayError = useArrayErrorCode(arrayPath) !== null;
  const choose = () => {
    const list: unknown = getValues(arrayPath);
    if (!Array.isArray(list)) return;
    list.forEach((_, row) => {
      if (getValues(`${arrayPath}.${row}.${flagName}`) !== (row === index))
        setValue(`${arrayPath}.${row}.${flagName}`, row === index, { shouldDirty: true });
    });
    if (hasArrayError) void trigger(arrayPath);
  };
  return (
    <FormControlLabel
      label={ownLabel(name, t)}
      control={
        <Radio
          checked={checked === true}
          onChange={choose}
          slotProps={{
            input: {
              id: fieldId(name),
              name,
              'aria-describedby': hasArrayError ? `${fieldId(arrayPath)}-error` : undefined,
            },
          }}
        />
      }
    />
  );
}
