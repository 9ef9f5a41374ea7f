import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { FieldArraySection } from './field-array-section';
import { FieldGrid } from './field-grid';
import { isArrayEntry, type ArrayEntry, type FieldEntry, type StepEntry } from './wizard';

/** Runs of fields, and each field array alone, in the schema's order. */
function partsOf(fields: readonly StepEntry[]): Array<FieldEntry[] | ArrayEntry> {
  const parts: Array<FieldEntry[] | ArrayEntry> = [];
  for (const entry of fields) {
    const last = parts.at(-1);
    if (isArrayEntry(entry)) parts.push(entry);
    else if (Array.isArray(last)) last.push(entry);
    else parts.push([entry]);
  }
  return parts;
}

/** A step's fields and field arrays in the schema's order: each run of fields in a grid, each array alone. */
export function StepFields({ fields }: { fields: readonly StepEntry[] }) {
  // The same runs while the step is shown, so that a render of the step draws no grid again (memo).
  const parts = useMemo(() => partsOf(fields), [fields]);
  const drawn = parts.map((part) =>
    Array.isArray(part) ? (
      <FieldGrid key={part[0]?.path} fields={part} />
    ) : (
      <FieldArraySection key={part.path} entry={part} />
    ),
  );
  return drawn.length === 1 ? drawn : <Stack spacing={3}>{drawn}</Stack>;
}
