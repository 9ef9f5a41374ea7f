import Alert from '@mui/material/Alert';
import { useTranslation } from '@/hooks/use-translation';
import { useOnlineStatus } from './use-online-status';

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
