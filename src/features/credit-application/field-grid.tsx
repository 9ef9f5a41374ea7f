import Grid from '@mui/material/Grid';
import { FieldInput } from './field-kinds/registry';
import type { FieldEntry } from './field-kinds/kind';

/** The fields of a step or of a row, in a grid: one column on phones, the schema's widths from md up. */
export function FieldGrid({ fields }: { fields: readonly FieldEntry[] }) {
  return (
    <Grid container spacing={2}>
      {fields.map((entry) => (
        <Grid key={entry.path} size={{ xs: entry.field.xs ?? 12, md: entry.field.md }}>
          <FieldInput name={entry.path} meta={entry.field} siblings={fields} />
        </Grid>
      ))}
    </Grid>
  );
}
