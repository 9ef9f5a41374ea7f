import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import { cepQueries, type CepAddress } from '@/api/cep';
import { useRuntimeConfig } from '@/config/config-context';
import { formatCep, isValidCep } from '@/lib/brazil';
import { onlyDigits } from '@/lib/digit-pattern';
import { useCreditApplicationTranslation } from '../texts';
import { FormText, useTextValues } from './form-text';
import { asTyped, checked, describe, isBlank, pathOf } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta } from './kind';

/**
 * A CEP, masked (00000-000) and sent as 8 digits. With a CEP service (config `cepLookupUrl`), a valid
 * CEP fills the address fields it names, where they are blank or still hold the previous lookup's
 * values: never what the operator typed, even while the lookup was under way. Every field stays
 * editable; a service that is absent, down, slow or does not know the CEP only means the address is
 * typed (a line under the CEP says which).
 */

/** Which sibling each part of the service's answer fills: `{ logradouro: street, localidade: city }`. */
export type CepFills = Partial<Record<keyof CepAddress, z.core.$ZodType>>;

const ADDRESS_PARTS = ['logradouro', 'bairro', 'localidade', 'uf'] as const satisfies ReadonlyArray<
  keyof CepAddress
>;

/** With which sibling (its schema) each part of the answer fills. */
export type CepMeta = KindMeta<'cep', { fills: Partial<Record<keyof CepAddress, unknown>> }>;
declare module './kind' {
  interface MetaByKind {
    cep: CepMeta;
  }
}

interface Lookup {
  /** The CEP looked up (8 digits), or null while the field holds no valid CEP. */
  cep: string | null;
  /** The address the previous lookup gave: values still equal to it may be replaced. */
  previous: CepAddress | null;
}

function CepField({ name, meta, siblings }: FieldInputProps<CepMeta>) {
  const { fills } = meta;
  const { t } = useCreditApplicationTranslation();
  const { cepLookupUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const { read, write } = useTextValues();
  const [lookup, setLookup] = useState<Lookup>({ cep: null, previous: null });
  // The answer to show under the field (the lookup below put it in the cache).
  const answer = useQuery({
    ...cepQueries.byCep(cepLookupUrl ?? '', lookup.cep ?? ''),
    enabled: cepLookupUrl !== undefined && lookup.cep !== null,
  });
  const address = lookup.cep === null ? undefined : answer.data;

  /** Fills, from `found`, what is still the operator's to fill: blank, or the previous lookup's. */
  const fill = (found: CepAddress, previous: CepAddress | null) => {
    for (const key of ADDRESS_PARTS) {
      const path = pathOf(siblings, fills[key]);
      const value = found[key];
      if (!path || value === '') continue;
      const current = read(path);
      if (current === '' || current === previous?.[key]) write(path, value);
    }
  };

  /** Looks up `digits` when they make a CEP other than the one looked up (typing never waits for it). */
  const look = (digits: string) => {
    const cep = isValidCep(digits) ? digits : null;
    if (cep === lookup.cep) return;
    const previous = address ?? lookup.previous;
    setLookup({ cep, previous });
    if (cep === null || cepLookupUrl === undefined) return;
    // The answer arrives after the typing went on: it fills only while the field still holds its CEP.
    queryClient.query(cepQueries.byCep(cepLookupUrl, cep)).then(
      (found) => {
        if (found && onlyDigits(read(name)).slice(0, 8) === cep) fill(found, previous);
      },
      () => undefined, // a service that is down only means the address is typed (the line says so)
    );
  };
  const status =
    lookup.cep === null || !answer.isSuccess
      ? undefined
      : answer.data
        ? t('creditApplication.help.cepFound')
        : t('creditApplication.help.cepNotFound');
  return (
    <FormText
      name={name}
      meta={meta}
      helperText={status}
      mask="_____-___"
      onBeforeChange={(event) => {
        // Looked up as soon as the eighth digit is in; the change goes on to the form as usual.
        look(onlyDigits(event.target.value).slice(0, 8));
        return false;
      }}
      onAfterBlur={() => look(onlyDigits(read(name)))}
    />
  );
}

export const cepKind: FieldKind<CepMeta> = {
  Input: CepField,
  display: (value) => {
    const typed = asTyped(value);
    return onlyDigits(typed).length === 8 ? formatCep(typed) : typed;
  },
};

export function cep({ fills = {}, ...options }: FieldOptions & { fills?: CepFills } = {}) {
  const schema = z.pipe(
    checked((value) => (isBlank(value) ? 'required' : isValidCep(value) ? null : 'cep')),
    z.transform(onlyDigits),
  );
  return describe(schema, { kind: 'cep', md: 3, fills, ...options });
}
