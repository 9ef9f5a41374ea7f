import Grid from '@mui/material/Grid';
import { memo } from 'react';
import { FieldInput } from '../field-kinds/registry';
import type { FieldEntry } from '../field-kinds/kind';

/**
 * The fields of a step or of a row, in a grid: one column on phones, the schema's widths from md up.
 * Memo: a row opening or closing (or the page showing its summary) draws none of its fields again; each
 * field renders on its own value and message.
 */
export const FieldGrid = memo(function FieldGrid({ fields }: { fields: readonly FieldEntry[] }) {
  return (
    <Grid container spacing={2}>
      {fields.map((entry) => (
        <Grid key={entry.path} size={{ xs: entry.field.xs ?? 12, md: entry.field.md }}>
          <FieldInput name={entry.path} meta={entry.field} siblings={fields} />
        </Grid>
      ))}
    </Grid>
  );
});
