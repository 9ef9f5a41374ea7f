import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { memo, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useRuntimeConfig } from '@/config/config-context';
import { useRevealFocus } from './field-focus';
import { FieldGrid } from './field-grid';
import type { DisplayContext } from './field-kinds/kind';
import { display, FieldInput } from './field-kinds/registry';
import type { RowItem } from './field-kinds/rows';
import { fieldId, useErrorMessage } from './field-labels';
import { useTranslation } from './texts';
import { rowLines, type ReadValue } from './review-rows';
import { useArrayErrorCode, useProblemCount } from './use-form-errors';
import { KeyHint, SHORTCUTS, shortcutProps } from './wizard-shortcuts';
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

/** Digits joined by hyphens: a phone's 98765-4321, a CEP's 04101-000. */
const HYPHENATED_NUMBER = /(\d+(?:-\d+)+)/;

/**
 * `text` with its hyphenated numbers kept on one line: a narrow line breaks at a hyphen, which cut
 * "(11) 98765-" from "4321" on a 390 px screen. The text itself is unchanged (the button's name reads it).
 */
function UnbrokenNumbers({ text }: { text: string }) {
  return text.split(HYPHENATED_NUMBER).map((part, index) =>
    index % 2 === 1 ? (
      <Box key={index} component="span" sx={{ whiteSpace: 'nowrap' }}>
        {part}
      </Box>
    ) : (
      part
    ),
  );
}

/**
 * What a closed row holds, in one line: the review's lines once every required field is filled; before,
 * the values typed so far (the review's punctuation would frame blanks); "Não preenchido" for a blank row.
 * The exclusive flag is left out: the line has its own radio for it.
 */
function closedLine(entry: ArrayEntry, index: number, readValue: ReadValue, context: DisplayContext): string {
  const { exclusiveFlag } = entry.rows;
  const read: ReadValue = (path) =>
    exclusiveFlag !== undefined && path === `${entry.path}.${index}.${exclusiveFlag}`
      ? false
      : readValue(path);
  const texts = rowFieldsOf(entry, index).filter((field) => typeof read(field.path) === 'string');
  const typed = texts.filter((field) => read(field.path) !== '');
  if (typed.every((field) => read(field.path) === field.field.initial))
    return context.t('creditApplication.rows.notFilled');
  const complete = texts.every((field) => !field.field.required || read(field.path) !== '');
  if (complete) return rowLines(entry, index, read, context).join(' · ');
  return typed.map((field) => display(field.field, read(field.path), context)).join(' · ');
}

/**
 * The row's header: a disclosure button (its title; closed, also what the row holds in one line and how
 * many problems it has) and its remove button. Reads the row's values only while closed, so that typing
 * in the open row renders nothing here.
 */
function RowHeader({
  entry,
  index,
  open,
  bodyId,
  titleId,
  onToggle,
  onRemove,
  flagInput,
}: {
  entry: ArrayEntry;
  index: number;
  open: boolean;
  bodyId: string;
  titleId: string;
  onToggle: (index: number) => void;
  onRemove: ((index: number) => void) | null;
  /** The input of the row's exclusive flag (the mailing address), drawn on the line. */
  flagInput: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const texts = useRowTexts(entry.rows.item);
  const { getValues } = useFormContext();
  const at = `${entry.path}.${index}`;
  // Re-renders a closed row's line when its values change (a CEP answer, the mailing flag moving).
  useWatch({ name: at, disabled: open });
  const problems = useProblemCount(at);
  let summary = '';
  if (!open) {
    // No product field in a row: the review's display context without the product list.
    const context = { t, language: i18n.language, productName: () => undefined };
    summary = closedLine(entry, index, (path) => getValues(path), context);
  }
  const title = texts.title(index + 1);
  const problemsText = problems > 0 ? t('creditApplication.rows.problems', { count: problems }) : '';
  // The line wraps rather than cuts (a phone's "(11) 98765-4321" stays whole on a 390 px screen): the
  // title and what the row holds take the width they need (an address's summary, a line of its own),
  // the mailing radio and the remove button go to the right, or below when the width runs out.
  return (
    <Stack direction="row" sx={{ alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }}>
      <Typography
        component="h3"
        variant="subtitle1"
        sx={{ flex: summary ? '1 1 28rem' : '1 1 auto', minWidth: 0, m: 0 }}
      >
        <ButtonBase
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => onToggle(index)}
          sx={{
            width: '100%',
            justifyContent: 'flex-start',
            alignItems: 'flex-start',
            flexWrap: 'wrap',
            textAlign: 'left',
            columnGap: 1,
            px: 1,
            py: 1,
            borderRadius: 1,
            font: 'inherit',
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          <Box component="span" id={titleId} sx={{ fontWeight: 600, flexShrink: 0 }}>
            {title}
          </Box>
          {/* Spaces between the parts, for the button's name (a flex container draws none). */}
          {summary ? ' ' : null}
          {summary ? (
            <Box
              component="span"
              sx={{ color: 'text.secondary', flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
            >
              <UnbrokenNumbers text={summary} />
            </Box>
          ) : null}
          {problems > 0 ? ' ' : null}
          {problems > 0 ? (
            <Box
              component="span"
              sx={{
                color: 'error.main',
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                flexShrink: 0,
              }}
            >
              <ErrorOutlineIcon fontSize="small" />
              {problemsText}
            </Box>
          ) : null}
        </ButtonBase>
      </Typography>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', columnGap: 1, flexWrap: 'wrap', ml: { md: 'auto' } }}
      >
        {flagInput}
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
    </Stack>
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
  const { t } = useTranslation();
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
  const { t } = useTranslation();
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
