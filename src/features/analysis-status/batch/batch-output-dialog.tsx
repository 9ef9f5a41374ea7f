import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAnalysisBatchTranslation } from './batch-texts';

/** What goes into a CSV or onto paper: the rows the filter shows or all of them, CPFs masked or whole. */
export interface OutputChoice {
  rows: 'filtered' | 'all';
  fullCpfs: boolean;
}

/**
 * Asks, before a CSV or a printout, what it holds: with a filter on, its rows or every row (said with
 * their counts, never decided in silence); and CPFs masked as on screen or whole. The defaults are what
 * the screen shows. Mounted only while open, so each opening starts from the screen's state.
 */
export function BatchOutputDialog({
  kind,
  filter,
  shownCount,
  totalCount,
  invalidCount,
  showCpfs,
  onConfirm,
  onClose,
  returnFocusTo,
}: {
  kind: 'csv' | 'print';
  /** The active filter in words ("Aprovada, “390533”"), or null when every row is shown. */
  filter: string | null;
  shownCount: number;
  totalCount: number;
  /** Entries of the list that were not CPFs: with every row, they follow it. */
  invalidCount: number;
  showCpfs: boolean;
  onConfirm: (choice: OutputChoice) => void;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  const { t, i18n } = useAnalysisBatchTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const id = useId();
  const [rows, setRows] = useState<OutputChoice['rows']>(filter === null ? 'all' : 'filtered');
  const [fullCpfs, setFullCpfs] = useState(showCpfs);
  const all = t('analysisBatch.output.allRows', { count: totalCount, total: number.format(totalCount) });
  const invalid =
    invalidCount > 0
      ? t('analysisBatch.output.withInvalid', { count: invalidCount, invalid: number.format(invalidCount) })
      : '';
  return (
    <ConfirmDialog
      open
      title={t(`analysisBatch.output.title.${kind}`)}
      description={
        filter === null ? (
          <Typography>{[all, invalid].filter(Boolean).join(' ')}</Typography>
        ) : (
          <Typography>
            {t('analysisBatch.output.filterOn', {
              filter,
              shown: number.format(shownCount),
              total: number.format(totalCount),
            })}
          </Typography>
        )
      }
      confirmLabel={t(`analysisBatch.output.confirm.${kind}`)}
      busyLabel={t(`analysisBatch.output.confirm.${kind}`)}
      cancelLabel={t('analysisBatch.output.cancel')}
      busy={false}
      focusConfirm
      onConfirm={() => onConfirm({ rows: filter === null ? 'all' : rows, fullCpfs })}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        {filter === null ? null : (
          <FormControl>
            <FormLabel id={`${id}-rows`}>{t('analysisBatch.output.rowsLabel')}</FormLabel>
            <RadioGroup
              aria-labelledby={`${id}-rows`}
              value={rows}
              onChange={(event) => setRows(event.target.value === 'all' ? 'all' : 'filtered')}
            >
              <FormControlLabel
                value="filtered"
                control={<Radio />}
                label={t('analysisBatch.output.filteredRows', {
                  count: shownCount,
                  shown: number.format(shownCount),
                })}
              />
              <FormControlLabel
                value="all"
                control={<Radio />}
                label={[all, invalid].filter(Boolean).join(' ')}
              />
            </RadioGroup>
          </FormControl>
        )}
        <FormControl>
          <FormLabel id={`${id}-cpfs`}>{t('analysisBatch.output.cpfsLabel')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-cpfs`}
            value={fullCpfs ? 'full' : 'masked'}
            onChange={(event) => setFullCpfs(event.target.value === 'full')}
          >
            <FormControlLabel value="masked" control={<Radio />} label={t('analysisBatch.output.masked')} />
            <FormControlLabel value="full" control={<Radio />} label={t('analysisBatch.output.full')} />
          </RadioGroup>
        </FormControl>
      </Stack>
    </ConfirmDialog>
  );
}
