import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { LiveRegion } from '@/components/live-region';
import { MAX_BATCH_CPFS, type ParsedCpfList } from '@/lib/cpf-list';
import { BatchDropZone } from './batch-drop-zone';
import { invalidReasonText } from './batch-labels';
import { useAnalysisBatchTranslation } from './batch-texts';
import { useBatchInput, type BatchInputState } from './use-batch-input';

/** The invalid entries listed on screen; the rest are counted (and all go to the export). */
const LISTED_INVALID = 50;

/**
 * The list, before anything is sent: a text area that takes CPFs as people paste them, a file picker and
 * a drop zone for .csv/.txt, and what the list holds ("38 válidos · 2 inválidos · 2 repetidos") with the
 * invalid entries by line. The state is `useBatchInput`'s.
 */
export function BatchInput({
  onStart,
  fieldRef,
}: {
  onStart: (list: ParsedCpfList) => void;
  /** The text area (typed as an input, as TextInput's ref is: only `focus()` is used). */
  fieldRef: Ref<HTMLInputElement>;
}) {
  const { t, i18n } = useAnalysisBatchTranslation();
  const input = useBatchInput();
  const { list, summary, fileNote, lookups, tooMany } = input;
  return (
    <Box component="section" aria-labelledby="batch-input-heading">
      <Typography id="batch-input-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('analysisBatch.input.heading')}
      </Typography>
      <BatchDropZone {...input} fieldRef={fieldRef} />

      <LiveRegion message={fileNote?.severity === 'success' ? fileNote.text : null} />
      {fileNote?.severity === 'error' ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {fileNote.text}
        </Alert>
      ) : null}

      <Stack spacing={2} sx={{ mt: 2 }}>
        {/* Polite and atomic: the counts are said once the typing pauses, not at every key. */}
        <Box aria-live="polite" aria-atomic="true">
          {summary ? (
            <Typography sx={{ fontWeight: 600 }} data-testid="batch-summary">
              {summary}
            </Typography>
          ) : null}
          {list.column !== null ? (
            <Typography variant="body2" color="text.secondary">
              {t('analysisBatch.input.column', { name: list.column.name })}
            </Typography>
          ) : null}
        </Box>

        <InvalidEntries {...input} />

        {tooMany ? (
          <Alert severity="error">
            {t('analysisBatch.input.tooMany', {
              count: lookups,
              max: new Intl.NumberFormat(i18n.language).format(MAX_BATCH_CPFS),
            })}
          </Alert>
        ) : null}

        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<PlayArrowIcon />}
            disabled={lookups === 0 || tooMany}
            onClick={() => onStart(input.latestList())}
          >
            {t('analysisBatch.input.start', { count: lookups })}
          </Button>
          {input.text !== '' ? (
            <Button size="large" onClick={input.clear}>
              {t('analysisBatch.input.clear')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}

/** The invalid entries by line (the first ones), and the fix for CPFs that lost their leading zeros. */
function InvalidEntries({
  list,
  leadingZeros,
  completeLeadingZeros,
}: Pick<BatchInputState, 'list' | 'leadingZeros' | 'completeLeadingZeros'>) {
  const { t, i18n } = useAnalysisBatchTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  if (list.invalid.length === 0) return null;
  return (
    <Alert severity="warning" role="group" aria-labelledby="batch-invalid-heading">
      <Typography id="batch-invalid-heading" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('analysisBatch.input.invalidHeading')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {list.invalid.slice(0, LISTED_INVALID).map((entry, index) => (
          <li key={`${entry.line}:${index}`}>
            {t('analysisBatch.input.invalidLine', {
              line: number.format(entry.line),
              text: entry.text,
              reason: invalidReasonText(entry, t),
            })}
          </li>
        ))}
      </Box>
      {list.invalid.length > LISTED_INVALID ? (
        <Typography variant="body2">
          {t('analysisBatch.input.moreInvalid', { count: list.invalid.length - LISTED_INVALID })}
        </Typography>
      ) : null}
      {leadingZeros > 0 ? (
        <Button size="small" sx={{ mt: 1 }} onClick={completeLeadingZeros}>
          {t('analysisBatch.input.completeZeros', { count: leadingZeros })}
        </Button>
      ) : null}
    </Alert>
  );
}
