import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import { useFormContext, useWatch } from 'react-hook-form';
import { visuallyHidden } from '@mui/utils';
import * as z from 'zod/mini';
import { fieldId, fieldLabel, ownLabel } from '../wizard/field-labels';
import { useCreditApplicationTranslation } from '../texts';
import { useArrayErrorCode } from '../wizard/use-form-errors';
import { describe } from './kind';
import type { FieldInputProps, FieldKind, FieldOptions, KindMeta } from './kind';

export type ExclusiveFlagMeta = KindMeta<'exclusiveFlag'>;
declare module './kind' {
  interface MetaByKind {
    exclusiveFlag: ExclusiveFlagMeta;
  }
}

/**
 * A flag that exactly one row of a field array holds (the mailing address): a radio on each row's line
 * (field-array-section.tsx draws it there, open or closed, so that it is chosen without opening a row);
 * choosing it here unticks the other rows. The array says which flag it is (`rows(…, { exclusiveFlag })`)
 * and checks that one row holds it. Described by the array's error when there is one (and only then:
 * no reference to a missing id). Its name says which row it is for ("… (Endereço 2)").
 */
function ExclusiveFlagField({ name }: FieldInputProps<ExclusiveFlagMeta>) {
  const { t } = useCreditApplicationTranslation();
  const { getValues, setValue, trigger } = useFormContext();
  const checked: unknown = useWatch({ name });
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
      sx={{ mr: 0, ml: 0.5 }}
      label={
        <>
          {ownLabel(name, t)}{' '}
          <Box component="span" sx={visuallyHidden}>{`(${fieldLabel(`${arrayPath}.${index}`, t)})`}</Box>
        </>
      }
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

export const exclusiveFlagKind: FieldKind<ExclusiveFlagMeta> = {
  Input: ExclusiveFlagField,
  display: (value, _meta, { t }) =>
    value === true ? t('creditApplication.review.yes') : t('creditApplication.review.no'),
};

export function exclusiveFlag(options: FieldOptions = {}) {
  return describe(z.boolean(), {
    kind: 'exclusiveFlag',
    md: 12,
    required: false,
    initial: false,
    ...options,
  });
}
