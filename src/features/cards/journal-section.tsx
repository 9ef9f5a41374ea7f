import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useCardsTranslation } from './texts';
import { downloadJournal, journalCells } from './journal-csv';
import { cardJournal, useCardJournal } from './journal-store';

/** The card operations of this tab (newest first), exportable as CSV. */
export function JournalSection() {
  const { t, i18n } = useCardsTranslation();
  const headingId = useId();
  const entries = useCardJournal();

  const language = i18n.language;
  const exportCsv = () => {
    downloadJournal(entries, language);
    cardJournal.markExported();
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <div>
          <Typography id={headingId} variant="h6" component="h2">
            {t('cards.journal.heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cards.journal.intro')}
          </Typography>
        </div>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          disabled={entries.length === 0}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {t('cards.journal.export')}
        </Button>
      </Stack>
      {entries.length === 0 ? (
        <Alert severity="info" role="note">
          {t('cards.journal.empty')}
        </Alert>
      ) : (
        // On a phone the journal scrolls sideways: focusable, so that the keyboard can scroll it (WCAG 2.1.1),
        // and a region named as its table.
        <TableContainer tabIndex={0} role="region" aria-label={t('cards.journal.tableLabel')}>
          <Table size="small" aria-label={t('cards.journal.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('cards.journal.time')}</TableCell>
                <TableCell scope="col">{t('cards.journal.operation')}</TableCell>
                <TableCell scope="col">{t('cards.journal.input')}</TableCell>
                <TableCell scope="col">{t('cards.journal.outcome')}</TableCell>
                <TableCell scope="col">{t('cards.journal.message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => {
                const cells = journalCells(entry, language);
                return (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      <time dateTime={entry.at.toISOString()}>{cells.time}</time>
                    </TableCell>
                    <TableCell>{cells.operation}</TableCell>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{cells.input}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={entry.outcome === 'success' ? 'success' : 'error'}
                        label={cells.outcome}
                      />
                    </TableCell>
                    <TableCell>{cells.message}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
