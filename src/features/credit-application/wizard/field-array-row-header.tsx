import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { DisplayContext } from '../field-kinds/kind';
import { display } from '../field-kinds/registry';
import type { RowItem } from '../field-kinds/rows';
import { useCreditApplicationTranslation } from '../texts';
import { rowLines, type ReadValue } from '../review/review-rows';
import { useProblemCount } from './use-form-errors';
import { rowFieldsOf, type ArrayEntry } from './wizard';

/** A row kind's texts: its title, its add and remove buttons. */
export function useRowTexts(kind: RowItem) {
  const { t } = useCreditApplicationTranslation();
  return useMemo(
    () => ({
      title: (number: number) => t(`creditApplication.rows.${kind}`, { number }),
      add: t(`creditApplication.actions.add.${kind}`),
      remove: (number: number) => t(`creditApplication.actions.remove.${kind}`, { number }),
    }),
    [t, kind],
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
export function RowHeader({
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
  const { t, i18n } = useCreditApplicationTranslation();
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
