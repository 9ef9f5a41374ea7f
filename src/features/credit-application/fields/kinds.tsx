import Box from '@mui/material/Box';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { cepQueries, type CepAddress } from '@/api/cep';
import { productQueries } from '@/api/products';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { useRuntimeConfig } from '@/config/config-context';
import { useServices } from '@/hooks/services-context';
import { formatPhoneNumber, isValidCep, readPhoneTyping } from '@/lib/brazil';
import { CPF_PATTERN } from '@/lib/cpf';
import { normalizeBrDate, parseBrDate } from '@/lib/calendar-dates';
import { onlyDigits } from '@/lib/digit-pattern';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money';
import { toPrintedTyping } from '@/lib/printed-name';
import type { ApplicationInput } from '../schema';
import { useCreditApplicationTranslation } from '../texts';
import { fieldId, FormSelect, FormText, type FormTextProps, type TextPath } from './form-fields';

/**
 * The field kinds: plain inputs with their masks and what they forgive. Each takes its field's path; what
 * links two fields (the CEP and the address, the name and the printed name) is a handler in the step that
 * draws both.
 */

/** A CPF: masked as typed (000.000.000-00; pasted dots, dashes and spaces forgiven). */
export function CpfField({ name }: { name: TextPath }) {
  return <FormText name={name} mask={CPF_PATTERN} />;
}

/**
 * A date as typed: `1/4/1988`, `01041988` and a pasted `1988-04-01` all read as 01/04/1988 (rewritten at
 * once when whole, or when the field is left), checked as it is left. Not digit-masked: a mask turned
 * "1/4/1988" into "14/19/88".
 */
export function DateField({ name }: { name: TextPath }) {
  const { t } = useCreditApplicationTranslation();
  const { getValues, setValue, trigger } = useFormContext<ApplicationInput>();
  return (
    <FormText
      name={name}
      helperText={t('creditApplication.help.date')}
      inputProps={{ inputMode: 'numeric' }}
      onChange={(event) => {
        const normalized = normalizeBrDate(event.target.value);
        if (normalized === event.target.value.trim() || !parseBrDate(normalized)) return false;
        setValue(name, normalized, { shouldDirty: true, shouldValidate: true });
        return true;
      }}
      onBlur={() => {
        const value = getValues(name);
        if (value.trim() === '') return;
        setValue(name, normalizeBrDate(value));
        void trigger(name);
      }}
    />
  );
}

/** An amount typed as 1.234,56 (or 1234.56, 6500, or with "R$"), shown as 1.234,56 once left. */
export function MoneyField({ name }: { name: TextPath }) {
  const { t } = useCreditApplicationTranslation();
  const { getValues, setValue } = useFormContext<ApplicationInput>();
  return (
    <FormText
      name={name}
      helperText={t('creditApplication.help.money')}
      inputProps={{ inputMode: 'decimal' }}
      onBlur={() => {
        const cents = parseMoneyInput(getValues(name));
        if (cents !== null) setValue(name, formatMoneyInput(cents));
      }}
    />
  );
}

/**
 * A part of a Brazilian phone, DDD or number, masked for the eye. A number written with its area code
 * ("(11) 98765-4321", "11987654321", "+55 11 98765-4321"), typed or pasted into either part, is split into
 * both (`readPhoneTyping`); typing on from the DDD continues in the number field.
 */
export function PhoneField({
  part,
  ddd,
  number,
}: {
  part: 'ddd' | 'number';
  ddd: TextPath;
  number: TextPath;
}) {
  const { getValues, setValue } = useFormContext<ApplicationInput>();
  const name = part === 'ddd' ? ddd : number;
  return (
    <FormText
      name={name}
      inputProps={{ inputMode: 'tel' }}
      // 8 digits show as 3333-4444, 9 as 98765-4321.
      mask={part === 'ddd' ? '__' : (digits: string) => (digits.length > 8 ? '_____-____' : '____-____')}
      onChange={(event) => {
        const typed = readPhoneTyping(event.target.value, part);
        if (typed.kind === 'plain') return false;
        if (typed.kind === 'partial') {
          setValue(name, typed.text, { shouldDirty: true });
          return true;
        }
        setValue(ddd, typed.ddd, { shouldDirty: true, shouldValidate: getValues(ddd) !== '' });
        setValue(number, formatPhoneNumber(typed.number) + onlyDigits(typed.number).slice(9), {
          shouldDirty: true,
        });
        const input = document.getElementById(fieldId(number));
        if (part === 'ddd' && input instanceof HTMLInputElement) {
          // The rest of what is being typed belongs to the number.
          input.focus();
          input.setSelectionRange(input.value.length, input.value.length);
        }
        return true;
      }}
    />
  );
}

/**
 * A CEP, masked (00000-000). With a CEP service (config `cepLookupUrl`), the eighth digit looks it up
 * (typing never waits) and `onFound` gets the address and the previous lookup's, while the field still
 * holds that CEP. A service that is absent, down, slow or does not know the CEP only means the address is
 * typed (a line under the field says which).
 */
export function CepField({
  name,
  onFound,
}: {
  name: TextPath;
  onFound: (found: CepAddress, previous: CepAddress | null) => void;
}) {
  const { t } = useCreditApplicationTranslation();
  const { cepLookupUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const { getValues } = useFormContext<ApplicationInput>();
  const [lookup, setLookup] = useState<{ cep: string | null; previous: CepAddress | null }>({
    cep: null,
    previous: null,
  });
  const answer = useQuery({
    ...cepQueries.byCep(cepLookupUrl ?? '', lookup.cep ?? ''),
    enabled: cepLookupUrl !== undefined && lookup.cep !== null,
  });
  const address = lookup.cep === null ? undefined : answer.data;
  const look = (typed: string) => {
    const cep = isValidCep(typed) ? typed : null;
    if (cep === lookup.cep) return;
    const previous = address ?? lookup.previous;
    setLookup({ cep, previous });
    if (cep === null || cepLookupUrl === undefined) return;
    // The answer arrives after the typing went on: it fills only while the field still holds its CEP.
    queryClient.query(cepQueries.byCep(cepLookupUrl, cep)).then(
      (found) => {
        if (found && onlyDigits(getValues(name)).slice(0, 8) === cep) onFound(found, previous);
      },
      () => undefined, // a service that is down only means the address is typed (the line says so)
    );
  };
  const status =
    lookup.cep === null || !answer.isSuccess
      ? undefined
      : t(answer.data ? 'creditApplication.help.cepFound' : 'creditApplication.help.cepNotFound');
  return (
    <FormText
      name={name}
      helperText={status}
      mask="_____-___"
      onChange={(event) => {
        look(onlyDigits(event.target.value).slice(0, 8));
        return false;
      }}
      onBlur={() => look(onlyDigits(getValues(name)))}
    />
  );
}

/**
 * The name embossed on the card: upper-case A–Z (and apostrophes), counted live under the field ("27 de
 * 26") and refused when too long, never cut. Accents go and letters rise as they are typed. While it holds
 * what `suggest` makes of the full name it says so, and a focus (Tab or a click anywhere in it) selects the
 * whole suggestion, so that typing replaces it instead of adding to it.
 */
export function PrintedNameField({
  name,
  fullName,
  suggest,
}: {
  name: TextPath;
  fullName: TextPath;
  suggest: (fullName: string) => string;
}) {
  const { t } = useCreditApplicationTranslation();
  const { printedNameMaxLength: max } = useRuntimeConfig();
  const { control, getValues, setValue } = useFormContext<ApplicationInput>();
  const count = useWatch({ control, name, compute: (value) => value.trim().length });
  // Re-renders when whether it holds the suggestion changes, not per key.
  const suggested = useWatch({
    control,
    name: [fullName, name],
    compute: ([full, printed]) => printed !== '' && suggest(full) === printed,
  });
  // A click that focuses the field selects the suggestion on mouseup, after the browser has placed the
  // caret where the click was (which would undo a selection made on focus).
  const selectOnMouseUp = useRef(false);
  const tidy = () => {
    // After an input method composed a letter (the change skipped it) or anything the keys did not pass.
    const typed = getValues(name);
    if (typed !== toPrintedTyping(typed)) setValue(name, toPrintedTyping(typed), { shouldValidate: true });
  };
  const help = t(
    suggested ? 'creditApplication.help.printedNameSuggested' : 'creditApplication.help.printedName',
  );
  const events: Partial<FormTextProps> = {
    onChange: (event) => {
      selectOnMouseUp.current = false;
      // Mid-composition (a dead key, an input method) the text is left alone until it ends.
      if ('isComposing' in event.nativeEvent && event.nativeEvent.isComposing === true) return false;
      const input = event.target;
      const shown = toPrintedTyping(input.value);
      if (shown !== input.value) {
        const at = toPrintedTyping(input.value.slice(0, input.selectionEnd ?? input.value.length)).length;
        input.value = shown;
        input.setSelectionRange(at, at);
      }
      return false;
    },
    onCompositionEnd: tidy,
    onFocus: (event) => {
      if (!suggested) return;
      event.target.select();
      selectOnMouseUp.current = true;
    },
    onMouseUp: (event) => {
      if (!selectOnMouseUp.current) return;
      selectOnMouseUp.current = false;
      event.preventDefault();
      if (event.target instanceof HTMLInputElement) event.target.select();
    },
    onKeyDown: () => {
      selectOnMouseUp.current = false;
    },
    onBlur: () => {
      selectOnMouseUp.current = false;
      tidy();
    },
  };
  return (
    <FormText
      name={name}
      helperText={`${help} · ${t('creditApplication.help.count', { count, max })}`}
      {...events}
    />
  );
}

/**
 * A product of the provider's list (`productQueries.list(http)`), with its own error and retry. Until the
 * list has loaded any code passes the check (the provider decides).
 */
export function ProductField({ name }: { name: TextPath }) {
  const { t } = useCreditApplicationTranslation();
  const { http } = useServices();
  const products = useQuery(productQueries.list(http));
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
        placeholder={t(
          products.isPending ? 'creditApplication.help.productsLoading' : 'creditApplication.help.choose',
        )}
      />
    </>
  );
}
