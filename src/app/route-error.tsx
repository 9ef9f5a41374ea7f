import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from '@/hooks/use-translation';
import { Link as RouterLink, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The error boundary of each route: the screen says what happened, the shell (navigation, sign-out)
 * keeps working. Nothing about the error is shown or logged: it could hold personal data.
 */
export function RouteError() {
  useRouteError();
  return <ScreenFailure chunk={false} />;
}

/** The screen of a route whose code could not be downloaded (see `screen()` in router.tsx). */
export function ChunkLoadError() {
  return <ScreenFailure chunk />;
}

function ScreenFailure({ chunk }: { chunk: boolean }) {
  const { t } = useTranslation();
  const title = chunk ? t('errors.chunkTitle') : t('errors.routeTitle');
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
      <title>{`${title} · ${t('app.titleSuffix')}`}</title>
      <Alert severity="error" role="alert">
        <AlertTitle component="h1">{title}</AlertTitle>
        {chunk ? t('errors.chunkBody') : t('errors.routeBody')}
      </Alert>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errors.reloadPage')}
        </Button>
        <Button component={RouterLink} to={paths.products} variant="outlined">
          {t('errors.goHome')}
        </Button>
      </Stack>
    </Stack>
  );
}
