import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMemoryStore } from '@/hooks/use-memory-store';
import { batchView } from './batch-store';
import { useAnalysisBatchTranslation } from './batch-texts';

/** Asked when the analyst leaves the analysis screens while a batch runs. */
export function BatchLeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t, i18n } = useAnalysisBatchTranslation();
  const view = useMemoryStore(batchView);
  const number = new Intl.NumberFormat(i18n.language);
  const total = view?.progress.total ?? 0;
  const left = view ? view.progress.queued + view.progress.running + view.progress.backoff : 0;
  return (
    <Dialog open onClose={onStay} aria-labelledby="batch-leave-title" aria-describedby="batch-leave-body">
      <DialogTitle id="batch-leave-title">{t('analysisBatch.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="batch-leave-body">
          {t('analysisBatch.leave.body', { left: number.format(left), total: number.format(total) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave}>{t('analysisBatch.leave.leave')}</Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          {t('analysisBatch.leave.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
