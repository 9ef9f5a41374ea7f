import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useRef, useState, type DragEvent, type Ref } from 'react';
import { LiveRegion } from '@/components/live-region';
import { TextInput } from '@/components/text-input';
import { useMemoryStore } from '@/hooks/use-memory-store';
import {
  completeLeadingZeros,
  cpfColumnLines,
  MAX_BATCH_CPFS,
  parseCpfList,
  type ParsedCpfList,
} from '@/lib/cpf-list';
import { invalidReasonText } from './batch-labels';
import { batchText } from './batch-store';
import { useBatchTranslation } from './batch-texts';

/** Files larger than this are not read (1,000 CPFs in a CSV with a few columns are far below it). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** The invalid entries listed on screen; the rest are counted (and all go to the export). */
const LISTED_INVALID = 50;

type FileNote = { severity: 'success' | 'error'; text: string } | null;

/**
 * The list, before anything is sent: a text area that takes CPFs as people paste them, a file picker and
 * a drop zone for .csv/.txt, and what the list holds ("38 válidos · 2 inválidos · 2 repetidos") with the
 * invalid entries by line. The text lives in a memory store: it outlives a visit to another screen,
 * never the session.
 */
export function BatchInput({
  onStart,
  fieldRef,
}: {
  onStart: (list: ParsedCpfList) => void;
  /** The text area (typed as an input, as TextInput's ref is: only `focus()` is used). */
  fieldRef: Ref<HTMLInputElement>;
}) {
  const { t, i18n } = useBatchTranslation();
  const text = useMemoryStore(batchText);
  // The count follows the typing a frame behind, so a long paste never makes a keystroke wait.
  const deferredText = useDeferredValue(text);
  const list = useMemo(() => parseCpfList(deferredText), [deferredText]);
  const [dragging, setDragging] = useState(false);
  const [fileNote, setFileNote] = useState<FileNote>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const lookups = list.cpfs.length;
  const tooMany = lookups > MAX_BATCH_CPFS;
  const leadingZeros = list.invalid.filter((entry) => entry.reason.kind === 'leadingZeros').length;
  const summary =
    list.validCount + list.invalid.length > 0
      ? t('analysisBatch.input.summary', {
          valid: t('analysisBatch.input.valid', { count: list.validCount }),
          invalid: t('analysisBatch.input.invalid', { count: list.invalid.length }),
          repeated: t('analysisBatch.input.repeated', { count: list.repeatCount }),
        })
      : null;

  async function readFile(file: File) {
    setFileNote(null);
    const refuse = (reason: string) =>
      setFileNote({
        severity: 'error',
        text: t('analysisBatch.input.fileRefused', { name: file.name, reason }),
      });
    if (!/\.(csv|txt)$/i.test(file.name)) return refuse(t('analysisBatch.input.fileType'));
    if (file.size > MAX_FILE_BYTES)
      return refuse(t('analysisBatch.input.fileTooLarge', { size: `${MAX_FILE_BYTES / 1024 / 1024} MB` }));
    let content: string;
    try {
      content = await file.text();
    } catch {
      return refuse(t('analysisBatch.input.fileUnreadable'));
    }
    // A CSV gives its CPF column (or its first); a text file is read as typed.
    const lines = /\.csv$/i.test(file.name)
      ? cpfColumnLines((await import('@/lib/csv')).parseCsv(content))
      : content.replace(/^\uFEFF/, '');
    batchText.set(lines);
    setFileNote({
      severity: 'success',
      text: t('analysisBatch.input.fileRead', {
        name: file.name,
        lines: number.format(lines.split(/\r\n|\n|\r/).length),
      }),
    });
  }

  const onDrag = (event: DragEvent<HTMLElement>, over: boolean) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    // Without this the browser would open the dropped file in place of the app.
    event.preventDefault();
    setDragging(over);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    setDragging(false);
    void readFile(file);
  };

  return (
    <Box component="section" aria-labelledby="batch-input-heading">
      <Typography id="batch-input-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('analysisBatch.input.heading')}
      </Typography>
      <Box
        onDragEnter={(event) => onDrag(event, true)}
        onDragOver={(event) => onDrag(event, true)}
        onDragLeave={(event) => onDrag(event, false)}
        onDrop={onDrop}
        sx={{
          position: 'relative',
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          bgcolor: dragging ? 'action.hover' : 'transparent',
        }}
      >
        <TextInput
          label={t('analysisBatch.input.label')}
          helperText={t('analysisBatch.input.help')}
          multiline
          minRows={8}
          maxRows={16}
          fullWidth
          value={text}
          onChange={(event) => batchText.set(event.target.value)}
          inputRef={fieldRef}
          inputProps={{ spellCheck: false, autoComplete: 'off', autoCorrect: 'off' }}
          sx={{ '& textarea': { fontFamily: 'monospace' } }}
        />
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => fileInput.current?.click()}
          >
            {t('analysisBatch.input.file')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {dragging ? t('analysisBatch.input.dropHere') : t('analysisBatch.input.drop')}
          </Typography>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            hidden
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void readFile(file);
            }}
          />
        </Stack>
      </Box>

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

        {list.invalid.length > 0 ? (
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
              <Button
                size="small"
                sx={{ mt: 1 }}
                onClick={() => batchText.set(completeLeadingZeros(batchText.get()))}
              >
                {t('analysisBatch.input.completeZeros', { count: leadingZeros })}
              </Button>
            ) : null}
          </Alert>
        ) : null}

        {tooMany ? (
          <Alert severity="error">
            {t('analysisBatch.input.tooMany', { count: lookups, max: number.format(MAX_BATCH_CPFS) })}
          </Alert>
        ) : null}

        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<PlayArrowIcon />}
            disabled={lookups === 0 || tooMany}
            // The text as it is now (the counts on screen may be a frame behind a paste).
            onClick={() => onStart(parseCpfList(batchText.get()))}
          >
            {t('analysisBatch.input.start', { count: lookups })}
          </Button>
          {text !== '' ? (
            <Button size="large" onClick={() => batchText.set('')}>
              {t('analysisBatch.input.clear')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}
