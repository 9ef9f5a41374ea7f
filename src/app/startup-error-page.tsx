import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from '@/hooks/use-translation';
import { createAppTheme } from './theme';

interface StartupErrorPageProps {
  kind: 'config' | 'sandbox';
  /** For a config error: the offending key, if one can be named. */
  configKey?: string | null;
  detail?: string;
}

/** Full-page error when the app cannot start: a bad /config.json (naming the key) or a sandbox that failed. */
export function StartupErrorPage({ kind, configKey = null, detail }: StartupErrorPageProps) {
  const { t, i18n } = useTranslation();
  const title = kind === 'config' ? t('errors.configTitle') : t('errors.sandboxStartTitle');
  return (
    <ThemeProvider theme={createAppTheme('light', i18n.language)}>
      <CssBaseline />
      <title>{`${title} · ${t('app.titleSuffix')}`}</title>
      <Box component="main" sx={{ maxWidth: 720, mx: 'auto', mt: 8, p: 2 }}>
        <Alert severity="error" role="alert">
          <AlertTitle component="h1" sx={{ fontSize: '1.5rem' }}>
            {title}
          </AlertTitle>
          <p>{kind === 'config' ? t('errors.configBody') : t('errors.sandboxStartBody')}</p>
          {kind === 'config' ? (
            <p>
              <strong>
                {configKey ? t('errors.configKey', { key: configKey }) : t('errors.configNoKey')}
              </strong>
            </p>
          ) : null}
          {detail ? <p>{t('errors.configDetail', { detail })}</p> : null}
        </Alert>
        <Button sx={{ mt: 2 }} variant="contained" onClick={() => window.location.reload()}>
          {t('errors.reloadPage')}
        </Button>
      </Box>
    </ThemeProvider>
  );
}
