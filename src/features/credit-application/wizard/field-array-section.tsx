import AddIcon from '@mui/icons-material/Add';
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
import { useRevealFocus } from './field-focus';
import { FieldGrid } from './field-grid';
import { FieldInput } from '../field-kinds/registry';
import { fieldId, useErrorMessage } from './field-labels';
import { useCreditApplicationTranslation } from '../texts';
import { useArrayErrorCode } from './use-form-errors';
import { RowHeader, useRowTexts } from './field-array-row-header';
import { KeyHint, SHORTCUTS, shortcutProps } from './wizard-shortcuts';
import { blankRow, rowFieldsOf, type ArrayEntry } from './wizard';

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

/**
 * One row: open, its fields; closed, its header alone. The fields of a closed row stay in the DOM
 * (`hidden`): react-hook-form keeps their refs, and the error summary finds and sorts them; a link to one
 * opens its row (`focusField`).
 */
const Row = memo(function Row({
  entry,
  index,
  open,
  onToggle,
  onRemove,
}: {
  entry: ArrayEntry;
  index: number;
  open: boolean;
  onToggle: (index: number, open?: boolean) => void;
  onRemove: ((index: number) => void) | null;
}) {
  const { additionalCardFields } = useRuntimeConfig();
  const { t } = useCreditApplicationTranslation();
  const at = `${entry.path}.${index}`;
  const fields = useMemo(() => rowFieldsOf(entry, index), [entry, index]);
  // The exclusive flag sits on the row's line, open or closed; the body holds the other fields.
  const flag = fields.find((field) => field.path === `${at}.${entry.rows.exclusiveFlag}`);
  const bodyFields = useMemo(() => fields.filter((field) => field !== flag), [fields, flag]);
  // One element for the row's life: the line re-renders (its problem count) without drawing the radio again.
  const flagInput = useMemo(
    () => (flag ? <FieldInput name={flag.path} meta={flag.field} siblings={fields} /> : null),
    [flag, fields],
  );
  const titleId = `${fieldId(at)}-title`;
  const bodyId = `${fieldId(at)}-fields`;
  const bodyRef = useRevealFocus(
    open,
    useCallback(() => onToggle(index, true), [onToggle, index]),
  );
  return (
    <Paper
      component="fieldset"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        p: 1,
        m: 0,
        minWidth: 0,
        // A row out of view is neither laid out nor painted (it stays in the accessibility tree, in tab
        // order and in find-in-page; decision 013). `auto` keeps a row's last size, so scrolling back does
        // not jump; the estimate (one column on phones) only counts for a row not yet drawn.
        contentVisibility: 'auto',
        containIntrinsicSize: !open
          ? 'auto 56px'
          : entry.rows.item === 'address'
            ? { xs: 'auto 1000px', md: 'auto 420px' }
            : { xs: 'auto 260px', md: 'auto 160px' },
      }}
    >
      <RowHeader
        entry={entry}
        index={index}
        open={open}
        bodyId={bodyId}
        titleId={titleId}
        onToggle={onToggle}
        onRemove={onRemove}
        flagInput={flagInput}
      />
      <Box id={bodyId} ref={bodyRef} hidden={!open} sx={{ px: 1, pt: 1, pb: 1 }}>
        {entry.rows.item === 'card' && additionalCardFields.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('creditApplication.rows.cardNoFields')}
          </Typography>
        ) : (
          <FieldGrid fields={bodyFields} />
        )}
      </Box>
    </Paper>
  );
});

/**
 * One field array (phones, addresses, additional cards), drawn from its row schema: rows with their
 * remove buttons, the array's own error, the add button with the count, and a live region saying what
 * an add or remove did. A removed row that held the exclusive flag (mailing address) passes it on.
 */
export function FieldArraySection({ entry }: { entry: ArrayEntry }) {
  const { t } = useCreditApplicationTranslation();
  const texts = useRowTexts(entry.rows.item);
  const { control, getValues, setValue } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: entry.path });
  const addRef = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const { exclusiveFlag, min, max } = entry.rows;
  // One row open at a time (decision 013): a lone row starts open, several start closed (their lines
  // show what they hold); "Adicionar" opens the new row, a link to a field opens its row.
  const [openIndex, setOpenIndex] = useState<number | null>(() => (fields.length === 1 ? 0 : null));
  const toggle = useCallback(
    (index: number, open?: boolean) =>
      setOpenIndex((current) => ((open ?? current !== index) ? index : null)),
    [],
  );

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
      // The open row keeps open (a lone row opens); the removed one, open, leaves all closed.
      const remaining = Array.isArray(left) ? left.length : 0;
      setOpenIndex((current) => {
        if (remaining === 1) return 0;
        if (current === null || current === index) return null;
        return current > index ? current - 1 : current;
      });
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
          open={index === openIndex}
          onToggle={toggle}
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
          {...shortcutProps(SHORTCUTS.add, t)}
          onClick={() => {
            // The new row opens, and its first field takes focus (a row without fields: the button keeps it).
            setOpenIndex(fields.length);
            append(blankRow(entry.rows, fields.length === 0), {
              shouldFocus: rowFieldsOf(entry, fields.length).length > 0,
            });
            setAnnouncement(t('creditApplication.rows.added', { item: texts.title(fields.length + 1) }));
          }}
        >
          {texts.add}
        </Button>
        {full ? null : <KeyHint shortcut={SHORTCUTS.add} />}
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
