import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  useFieldArray,
  useFormContext,
  useFormState,
  useWatch,
  get,
  type FieldArray,
  type FieldArrayPath,
} from 'react-hook-form';
import type { ApplicationInput } from '../schema';
import { useCreditApplicationTranslation } from '../texts';
import { KeyHint, SHORTCUTS, shortcutProps } from '../wizard/wizard-shortcuts';
import { fieldId, problemsOf, useFieldError, type Path } from './form-fields';

type ListPath = FieldArrayPath<ApplicationInput>;
type Item = 'phone' | 'address' | 'card';

/** Sent when a field that is not drawn (in a closed row) must take focus: its row opens and focuses it. */
const REVEAL_EVENT = 'credit-application-reveal';

/**
 * Moves focus to the field at `path` (an error summary's link, a link from the provider's refusal). A
 * field of a closed row is not drawn: its row opens, then focuses it.
 */
export function focusField(path: string) {
  // An array's own error ("exactly one mailing address") leads to the first input it describes.
  const target =
    document.getElementById(fieldId(path)) ??
    document.querySelector<HTMLElement>(`[aria-describedby~="${fieldId(path)}-error"]`);
  if (target) {
    target.focus();
    target.scrollIntoView({ block: 'center' });
  } else window.dispatchEvent(new CustomEvent(REVEAL_EVENT, { detail: path }));
}

interface RowListProps<Name extends ListPath> {
  name: Name;
  item: Item;
  min: number;
  max: number;
  /** A new row (`index`: where it goes). */
  blank: (index: number) => FieldArray<ApplicationInput, Name>;
  /** The open row's fields. */
  fields: (index: number) => ReactNode;
  /** What a closed row holds, in one line ("" for a row with nothing typed). */
  summary: (row: FieldArray<ApplicationInput, Name>) => string;
  /** Drawn on every row's line, open or closed (the mailing address's radio). */
  onLine?: (index: number) => ReactNode;
  /** After row `index` was removed (the mailing flag passes on). */
  afterRemove?: (index: number) => void;
}

/**
 * A field array (phones, addresses, additional cards) with one row open at a time: its fields are drawn,
 * each other row is one line, a button naming the row, what it holds and how many problems, that opens it.
 * Only the open row's inputs are in the page (the values of the others stay in the form), so a key stroke
 * costs the same with 10 rows as with one. "Adicionar" (Alt+A) opens a new row at its first field; a
 * live region says what an add or remove did.
 */
export function RowList<Name extends ListPath>(props: RowListProps<Name>) {
  const { name, item, min, max, blank, fields: drawFields, onLine, afterRemove } = props;
  const { t } = useCreditApplicationTranslation();
  const { control } = useFormContext<ApplicationInput>();
  const { fields, append, remove } = useFieldArray<ApplicationInput, Name>({ control, name });
  const [open, setOpen] = useState<number | null>(fields.length > 0 ? fields.length - 1 : null);
  const [announcement, setAnnouncement] = useState('');
  const addRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<string | null>(null);
  // The list's own error ("exactly one mailing address").
  const listError = useFieldError(name);
  const title = (index: number) => t(`creditApplication.rows.${item}`, { number: index + 1 });

  // A field of a closed row asked for: open its row, and focus the field once it is drawn.
  useLayoutEffect(() => {
    const reveal = (event: Event) => {
      const path = event instanceof CustomEvent && typeof event.detail === 'string' ? event.detail : '';
      const index = path.startsWith(`${name}.`) ? Number(path.slice(name.length + 1).split('.')[0]) : NaN;
      if (Number.isNaN(index)) return;
      pendingFocus.current = path;
      setOpen(index);
    };
    window.addEventListener(REVEAL_EVENT, reveal);
    return () => window.removeEventListener(REVEAL_EVENT, reveal);
  }, [name]);
  useLayoutEffect(() => {
    const path = pendingFocus.current;
    pendingFocus.current = null;
    if (path === null || open === null) return;
    // Opened from its line: at its first field.
    const row = document.getElementById(`${fieldId(`${name}.${open}`)}-row`);
    if (path === '') row?.querySelector<HTMLElement>('input:not([type="radio"]), select')?.focus();
    else focusField(path);
  }, [open, name]);
  const openRow = (index: number) => {
    pendingFocus.current = '';
    setOpen(index);
  };

  const add = () => {
    setOpen(fields.length);
    append(blank(fields.length), { shouldFocus: true });
    setAnnouncement(t('creditApplication.rows.added', { item: title(fields.length) }));
  };
  const removeRow = (index: number) => {
    remove(index);
    afterRemove?.(index);
    const left = fields.length - 1;
    setOpen((current) =>
      left === 1 ? 0 : current === null || current === index ? null : current > index ? current - 1 : current,
    );
    setAnnouncement(t('creditApplication.rows.removed', { item: title(index) }));
    addRef.current?.focus();
  };
  return (
    <Stack spacing={2}>
      {fields.length === 0 ? <Alert severity="info">{t('creditApplication.rows.noCards')}</Alert> : null}
      {fields.map((field, index) => (
        <Paper
          key={field.id}
          id={`${fieldId(`${name}.${index}`)}-row`}
          component={index === open ? 'fieldset' : 'div'}
          variant="outlined"
          aria-labelledby={index === open ? `${fieldId(`${name}.${index}`)}-title` : undefined}
          sx={{ p: 1, m: 0, minWidth: 0 }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }}>
            {index === open ? (
              <Typography
                component="h3"
                variant="subtitle1"
                id={`${fieldId(`${name}.${index}`)}-title`}
                sx={{ fontWeight: 600, px: 1, py: 1, flex: '1 1 auto' }}
              >
                {title(index)}
              </Typography>
            ) : (
              <ClosedLine
                name={name}
                index={index}
                title={title(index)}
                summary={props.summary}
                onOpen={openRow}
              />
            )}
            <Stack
              direction="row"
              sx={{ alignItems: 'center', columnGap: 1, flexWrap: 'wrap', ml: { md: 'auto' } }}
            >
              {onLine?.(index)}
              {fields.length > min ? (
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={() => removeRow(index)}
                >
                  {t(`creditApplication.actions.remove.${item}`, { number: index + 1 })}
                </Button>
              ) : null}
            </Stack>
          </Stack>
          {index === open ? (
            <Box sx={{ p: 1 }}>
              <Grid container spacing={2}>
                {drawFields(index)}
              </Grid>
            </Box>
          ) : null}
        </Paper>
      ))}
      {listError ? (
        <FormHelperText error id={`${fieldId(name)}-error`}>
          {listError}
        </FormHelperText>
      ) : null}
      <AddRow item={item} count={fields.length} max={max} addRef={addRef} onAdd={add} />
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Stack>
  );
}

/** A closed row's line: a button with its name, what it holds and how many problems; it opens the row. */
function ClosedLine<Name extends ListPath>({
  name,
  index,
  title,
  summary,
  onOpen,
}: {
  name: Name;
  index: number;
  title: string;
  summary: RowListProps<Name>['summary'];
  onOpen: (index: number) => void;
}) {
  const { t } = useCreditApplicationTranslation();
  const path = `${name}.${index}`;
  const { control } = useFormContext<ApplicationInput>();
  // Typed by the list's name: a row of `name`.
  const row = useWatch({ control, name: path as Path }) as FieldArray<ApplicationInput, Name>;
  const { errors } = useFormState({ control, name: path as Path });
  const problems = problemsOf(get(errors, path)).length;
  const holds = summary(row) || t('creditApplication.rows.notFilled');
  return (
    <Typography component="h3" variant="subtitle1" sx={{ flex: '1 1 28rem', minWidth: 0, m: 0 }}>
      <ButtonBase
        aria-expanded={false}
        onClick={() => onOpen(index)}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          alignItems: 'flex-start',
          flexWrap: 'wrap',
          textAlign: 'left',
          columnGap: 1,
          p: 1,
          borderRadius: 1,
          font: 'inherit',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <ExpandMoreIcon fontSize="small" />
        <Box component="span" sx={{ fontWeight: 600 }}>
          {title}
        </Box>{' '}
        <Box
          component="span"
          sx={{ color: 'text.secondary', flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {/* A phone's "98765-4321" or a CEP's "04101-000" is not broken at its hyphen. */}
          {holds.split(/(\d+(?:-\d+)+)/).map((part, at) =>
            at % 2 === 1 ? (
              <Box key={at} component="span" sx={{ whiteSpace: 'nowrap' }}>
                {part}
              </Box>
            ) : (
              part
            ),
          )}
        </Box>
        {problems > 0 ? (
          <Box component="span" sx={{ color: 'error.main', display: 'inline-flex', gap: 0.5 }}>
            {' '}
            <ErrorOutlineIcon fontSize="small" />
            {t('creditApplication.rows.problems', { count: problems })}
          </Box>
        ) : null}
      </ButtonBase>
    </Typography>
  );
}

/** "Adicionar" (Alt+A) with how many rows there are, or that the list is full. */
function AddRow({
  item,
  count,
  max,
  addRef,
  onAdd,
}: {
  item: Item;
  count: number;
  max: number;
  addRef: RefObject<HTMLButtonElement | null>;
  onAdd: () => void;
}) {
  const { t } = useCreditApplicationTranslation();
  const full = count >= max;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Button
        ref={addRef}
        variant="outlined"
        startIcon={<AddIcon />}
        disabled={full}
        {...shortcutProps(SHORTCUTS.add, t)}
        onClick={onAdd}
      >
        {t(`creditApplication.actions.add.${item}`)}
      </Button>
      {full ? null : <KeyHint shortcut={SHORTCUTS.add} />}
      <Typography variant="body2" color="text.secondary">
        {full
          ? t('creditApplication.rows.maxReached', { max })
          : t('creditApplication.rows.count', { count, max })}
      </Typography>
    </Stack>
  );
}
