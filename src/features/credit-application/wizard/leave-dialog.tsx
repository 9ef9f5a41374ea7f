import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCreditApplicationTranslation } from '../texts';

/** Asked when the operator leaves the wizard for another screen with unsent data. */
export function LeaveDialog({
  open,
  onStay,
  onLeave,
  onDiscard,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
  onDiscard: () => void;
}) {
  const { t } = useCreditApplicationTranslation();
  // Full screen on phones: three long buttons do not fit a small dialog side by side.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onStay}
      fullScreen={phone}
      aria-labelledby="leave-title"
      aria-describedby="leave-body"
    >
      <DialogTitle id="leave-title">{t('creditApplication.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-body">{t('creditApplication.leave.body')}</DialogContentText>
      </DialogContent>
      <DialogActions disableSpacing sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
        <Button color="error" onClick={onDiscard}>
          {t('creditApplication.leave.discard')}
        </Button>
        <Button onClick={onLeave}>{t('creditApplication.leave.leave')}</Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          {t('creditApplication.leave.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
