import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { TextInput } from '@/components/text-input';
import { useAnalysisBatchTranslation } from './batch-texts';
import type { BatchInputState } from './use-batch-input';

type BatchDropZoneProps = Pick<
  BatchInputState,
  'text' | 'setText' | 'dragging' | 'onDrag' | 'onDrop' | 'openFilePicker' | 'onFileChosen' | 'fileInputRef'
> & {
  /** The text area (typed as an input, as TextInput's ref is: only `focus()` is used). */
  fieldRef: Ref<HTMLInputElement>;
};

/** The text area that takes CPFs as people paste them, a file picker, and the zone a file is dropped on. */
export function BatchDropZone({
  text,
  setText,
  dragging,
  onDrag,
  onDrop,
  openFilePicker,
  onFileChosen,
  fileInputRef,
  fieldRef,
}: BatchDropZoneProps) {
  const { t } = useAnalysisBatchTranslation();
  return (
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
        onChange={(event) => setText(event.target.value)}
        inputRef={fieldRef}
        inputProps={{ spellCheck: false, autoComplete: 'off', autoCorrect: 'off' }}
        sx={{ '& textarea': { fontFamily: 'monospace' } }}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={openFilePicker}>
          {t('analysisBatch.input.file')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {dragging ? t('analysisBatch.input.dropHere') : t('analysisBatch.input.drop')}
        </Typography>
        <input
          ref={fileInputRef}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          hidden
          tabIndex={-1}
          onChange={onFileChosen}
        />
      </Stack>
    </Box>
  );
}
