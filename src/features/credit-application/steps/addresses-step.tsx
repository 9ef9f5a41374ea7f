import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import { visuallyHidden } from '@mui/utils';
import { useFormContext, useWatch } from 'react-hook-form';
import type { CepAddress } from '@/api/cep';
import { useRuntimeConfig } from '@/config/config-context';
import { Cell, fieldId, FormSelect, FormText, useFieldError } from '../fields/form-fields';
import { CepField } from '../fields/kinds';
import { RowList } from '../fields/row-list';
import { addressLines, useDisplayContext } from '../review/sections';
import { UF_OPTIONS } from '../rules';
import { blankAddress, type ApplicationInput } from '../schema';
import { useCreditApplicationTranslation } from '../texts';

const LIST = 'portador.enderecos';

/**
 * Step 6: addresses, at least one, exactly one of them the mailing address. In each row the operator
 * types the CEP, the number, the complement and the landmark first; the CEP fills the street, district,
 * city and UF below them where those are blank or still hold the previous lookup's values, never what
 * was typed. The country and the type (one no other row has: home first) come last, to confirm.
 */
export function AddressesStep() {
  const { t } = useCreditApplicationTranslation();
  const { domains } = useRuntimeConfig();
  const display = useDisplayContext();
  const { getValues, setValue } = useFormContext<ApplicationInput>();
  return (
    <RowList
      name={LIST}
      item="address"
      min={1}
      max={10}
      blank={() => blankAddress(domains, getValues(LIST))}
      summary={(address) =>
        address.cep || address.logradouro ? addressLines(address, display, false).join(' · ') : ''
      }
      onLine={(index) => <MailingRadio index={index} />}
      afterRemove={() => {
        // The mailing address removed: the first row left takes it.
        const left = getValues(LIST);
        if (left.length > 0 && !left.some((address) => address.enderecocorrespondencia))
          setValue(`${LIST}.0.enderecocorrespondencia`, true, { shouldDirty: true });
      }}
      fields={(index) => {
        const at = `${LIST}.${index}` as const;
        const fill = (found: CepAddress, previous: CepAddress | null) => {
          const parts = [
            ['logradouro', found.logradouro, previous?.logradouro],
            ['bairro', found.bairro, previous?.bairro],
            ['cidade', found.localidade, previous?.localidade],
            ['uf', found.uf, previous?.uf],
          ] as const;
          for (const [key, value, before] of parts) {
            const current = getValues(`${at}.${key}`);
            if (value !== '' && (current === '' || current === before))
              setValue(`${at}.${key}`, value, { shouldDirty: true });
          }
        };
        return (
          <>
            <Cell md={3}>
              <CepField name={`${at}.cep`} onFound={fill} />
            </Cell>
            <Cell md={2}>
              <FormText name={`${at}.numero`} helperText={t('creditApplication.help.streetNumber')} />
            </Cell>
            <Cell md={3}>
              <FormText name={`${at}.complemento`} optional />
            </Cell>
            <Cell md={4}>
              <FormText name={`${at}.pontoreferencia`} optional />
            </Cell>
            <Cell md={7}>
              <FormText name={`${at}.logradouro`} />
            </Cell>
            <Cell md={5}>
              <FormText name={`${at}.bairro`} />
            </Cell>
            <Cell md={4}>
              <FormText name={`${at}.cidade`} />
            </Cell>
            <Cell md={2} xs={6}>
              <FormSelect name={`${at}.uf`} options={UF_OPTIONS} />
            </Cell>
            <Cell md={3} xs={6}>
              <FormText name={`${at}.pais`} />
            </Cell>
            <Cell md={3}>
              <FormSelect name={`${at}.tipoendereco`} options={domains.tipoendereco} placeholder={false} />
            </Cell>
          </>
        );
      }}
    />
  );
}

/**
 * The mailing address's radio, on each row's line, open or closed (chosen without opening a row):
 * choosing it unticks the other rows. Described by the list's error while it shows ("exactly one").
 */
function MailingRadio({ index }: { index: number }) {
  const { t } = useCreditApplicationTranslation();
  const { getValues, setValue, trigger } = useFormContext<ApplicationInput>();
  const name = `${LIST}.${index}.enderecocorrespondencia` as const;
  const checked = useWatch<ApplicationInput, typeof name>({ name });
  const listError = useFieldError(LIST) !== null;
  const choose = () => {
    getValues(LIST).forEach((address, row) => {
      if (address.enderecocorrespondencia !== (row === index))
        setValue(`${LIST}.${row}.enderecocorrespondencia`, row === index, { shouldDirty: true });
    });
    if (listError) void trigger(LIST);
  };
  return (
    <FormControlLabel
      sx={{ mr: 0, ml: 0.5 }}
      label={
        <>
          {t('creditApplication.fields.enderecocorrespondencia')}{' '}
          <Box component="span" sx={visuallyHidden}>
            {`(${t('creditApplication.rows.address', { number: index + 1 })})`}
          </Box>
        </>
      }
      control={
        <Radio
          checked={checked}
          onChange={choose}
          slotProps={{
            input: {
              id: fieldId(name),
              name,
              'aria-describedby': listError ? `${fieldId(LIST)}-error` : undefined,
            },
          }}
        />
      }
    />
  );
}
