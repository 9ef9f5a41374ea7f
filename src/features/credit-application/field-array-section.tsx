import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useRuntimeConfig } from '@/config/config-context';
import { FieldGrid } from './field-grid';
import type { RowItem } from './field-kinds/rows';
import { fieldId, useErrorMessage } from './field-labels';
import { useTranslation } from './texts';
import { useArrayErrorCode } from './use-form-errors';
import { blankRow, rowFieldsOf, type ArrayEntry } from './wizard';

function useRowTexts(kind: RowItem) {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      title: (number: number) => t(`creditApplication.rows.${kind}`, { number }),
      add: t(`creditApplication.actions.add.${kind}`),
      remove: (number: number) => t(`creditApplication.actions.remove.${kind}`, { number }),
    }),
    [t, kind],
  );
}

/** The array's own error ("at least one", "exactly one mailing address"). */
function ArrayRootError({ name }: { name: string }) {
  const message = useErrorMessage();
  const text = message(useArrayErrorCode(name) ?? undefined);
  if (!text) return null;
  return (
    <FormHelperText error id={`${fieldId(name)}-error`}>
      {text}
    </FormHelperText>
  );
}

const Row = memo(function Row({
  entry,
  index,
  onRemove,
}: {
  entry: ArrayEntry;
  index: number;
  onRemove: ((index: number) => void) | null;
}) {
  const texts = useRowTexts(entry.rows.item);
  const { additionalCardFields } = useRuntimeConfig();
  const { t } = useTranslation();
  const at = `${entry.path}.${index}`;
  const fields = useMemo(() => rowFieldsOf(entry, index), [entry, index]);
  const headingId = `${fieldId(at)}-title`;
  return (
    <Paper
      component="fieldset"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: 2,
        m: 0,
        minWidth: 0,
        // A row out of view is neither laid out nor painted (it stays in the accessibility tree, in tab
        // order and in find-in-page): with 10 addresses, painting and layering the rows out of view was
        // most of a key stroke's frame (decision 013). `auto` keeps a row's last size, so scrolling back does
        // not jump; the estimate (one column on phones) only counts for a row not yet drawn. A far jump
        // (End, the scroll bar) may show a row blank for one frame.
        contentVisibility: 'auto',
        containIntrinsicSize:
          entry.rows.item === 'address'
            ? { xs: 'auto 1000px', md: 'auto 420px' }
            : { xs: 'auto 260px', md: 'auto 160px' },
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', gap: 1 }}
      >
        <Typography
          id={headingId}
          component="legend"
          variant="subtitle1"
          sx={{ fontWeight: 600, float: 'left', p: 0 }}
        >
          {texts.title(index + 1)}
        </Typography>
        {onRemove ? (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => onRemove(index)}
          >
            {texts.remove(index + 1)}
          </Button>
        ) : null}
      </Stack>
      {entry.rows.item === 'card' && additionalCardFields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('creditApplication.rows.cardNoFields')}
        </Typography>
      ) : (
        <FieldGrid fields={fields} />
      )}
    </Paper>
  );
});

/**
 * One field array (phones, addresses, additional cards), drawn from its row schema: rows with their
 * remove buttons, the array's own error, the add button with the count, and a live region saying what
 * an add or remove did. A removed row that held the exclusive flag (mailing address) passes it on.
 */
export function FieldArraySection({ entry }: { entry: ArrayEntry }) {
  const { t } = useTranslation();
  const texts = useRowTexts(entry.rows.item);
  const { control, getValues, setValue } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: entry.path });
  const addRef = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const { exclusiveFlag, min, max } = entry.rows;

  const { title } = texts;
  // Stable, so that adding a row does not re-render the rows already there (memo).
  const removeRow = useCallback(
    (index: number) => {
      const hadFlag =
        exclusiveFlag !== undefined && getValues(`${entry.path}.${index}.${exclusiveFlag}`) === true;
      remove(index);
      const left: unknown = getValues(entry.path);
      if (exclusiveFlag && hadFlag && Array.isArray(left) && left.length > 0)
        setValue(`${entry.path}.0.${exclusiveFlag}`, true, { shouldDirty: true });
      setAnnouncement(t('creditApplication.rows.removed', { item: title(index + 1) }));
      addRef.current?.focus();
    },
    [exclusiveFlag, getValues, entry.path, remove, setValue, t, title],
  );
  const full = fields.length >= max;
  return (
    <Stack spacing={2}>
      {fields.length === 0 ? <Alert severity="info">{t('creditApplication.rows.noCards')}</Alert> : null}
      {fields.map((field, index) => (
        <Row
          key={field.id}
          entry={entry}
          index={index}
          onRemove={fields.length > Math.max(min, 0) ? removeRow : null}
        />
      ))}
      <ArrayRootError name={entry.path} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button
          ref={addRef}
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={full}
          onClick={() => {
            // The new row's first field takes focus (a row without fields: the button keeps it).
            append(blankRow(entry.rows, fields.length === 0), {
              shouldFocus: rowFieldsOf(entry, fields.length).length > 0,
            });
            setAnnouncement(t('creditApplication.rows.added', { item: texts.title(fields.length + 1) }));
          }}
        >
          {texts.add}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {full
            ? t('creditApplication.rows.maxReached', { max })
            : t('creditApplication.rows.count', { count: fields.length, max })}
        </Typography>
      </Stack>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Stack>
  );
}
