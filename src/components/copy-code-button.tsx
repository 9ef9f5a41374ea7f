import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies a tracking code to the clipboard and says so in a polite live region next to the button (status lookup, wizard). */
export function CopyCodeButton({ code }: { code: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), 3000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      // Refused when the page lacks focus or the browser denies clipboard access: say so, never throw.
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton size="small" aria-label={t('copyCode.copy', { code })} onClick={() => void copy()}>
        {state === 'copied' ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
      <Typography role="status" variant="caption" color={state === 'failed' ? 'error' : 'text.secondary'}>
        {state === 'copied' ? t('copyCode.copied') : state === 'failed' ? t('copyCode.copyFailed') : ''}
      </Typography>
    </Stack>
  );
}
