import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useCopyCodeTranslation } from './copy-code-texts';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies a code to the clipboard and says so next to the button: in a polite live region of its own, or,
 * placed inside a live region already (`withinLiveRegion`, as a card operation's answer), in that one: a
 * live region nested in another is announced twice by some readers.
 */
export function CopyCodeButton({
  code,
  withinLiveRegion = false,
}: {
  code: string;
  withinLiveRegion?: boolean;
}) {
  const { t } = useCopyCodeTranslation();
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
      <Typography
        role={withinLiveRegion ? undefined : 'status'}
        variant="caption"
        color={state === 'failed' ? 'error' : 'text.secondary'}
      >
        {state === 'copied' ? t('copyCode.copied') : state === 'failed' ? t('copyCode.copyFailed') : ''}
      </Typography>
    </Stack>
  );
}
