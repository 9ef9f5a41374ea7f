import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from '@/hooks/use-translation';
import { useRuntimeConfig } from '@/config/config-context';
import { useOnlineStatus } from './use-online-status';

/** SANDBOX whenever the sandbox is in use. */
export function SandboxBanner() {
  const { t } = useTranslation();
  const { mode } = useRuntimeConfig();
  if (mode !== 'sandbox') return null;
  return (
    <Box
      sx={{
        // Amber with dark text (and the reverse in dark mode): AA contrast at body size.
        bgcolor: (theme) => (theme.palette.mode === 'light' ? '#ffd699' : '#4d2600'),
        color: (theme) => (theme.palette.mode === 'light' ? '#3d1e00' : '#ffd699'),
        textAlign: 'center',
        py: 0.5,
        fontWeight: 700,
        letterSpacing: 1,
      }}
    >
      {t('app.sandboxBanner')}
    </Box>
  );
}

/** Says plainly that nothing can be sent while offline (nothing is queued for later either). */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <Alert severity="warning" square>
          {t('app.offline')}
        </Alert>
      )}
    </div>
  );
}
