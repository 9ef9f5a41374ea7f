import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface Toast {
  id: number;
  message: string;
  severity: AlertColor;
}

/** One toast on screen (toast-provider.tsx loads this with the first one: Snackbar and its transition). */
export function ToastSnackbar({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={5000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert severity={toast.severity} elevation={6} onClose={onClose} role="status">
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
