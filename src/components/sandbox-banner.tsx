import Box from '@mui/material/Box';
import { useTranslation } from '@/hooks/use-translation';
import { useRuntimeConfig } from '@/config/config-context';

/** SANDBOX whenever the sandbox is in use: on every screen, the sign-in page included. */
export function SandboxBanner() {
  const { t } = useTranslation();
  const { mode } = useRuntimeConfig();
  if (mode !== 'sandbox') return null;
  return (
    <Box
      sx={(theme) => ({
        // Amber with dark text (and the reverse in dark mode): AA contrast at body size.
        bgcolor: '#ffd699',
        color: '#3d1e00',
        ...theme.applyStyles('dark', { bgcolor: '#4d2600', color: '#ffd699' }),
        textAlign: 'center',
        py: 0.5,
        fontWeight: 700,
        letterSpacing: 1,
      })}
    >
      {t('app.sandboxBanner')}
    </Box>
  );
}
