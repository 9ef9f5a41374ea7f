import type { AlertColor } from '@mui/material/Alert';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { Toast } from './toast-snackbar';

type Notify = (message: string, severity?: AlertColor) => void;

const ToastContext = createContext<Notify | null>(null);

const loadSnackbar = () => import('./toast-snackbar');
// Loaded with the first toast (or ahead, by prefetchToasts): Snackbar and its transition are ≈ 4 KiB gzip
// that the first screen, sign-in, never shows.
const ToastSnackbar = lazy(async () => ({ default: (await loadSnackbar()).ToastSnackbar }));

/** Downloads the toast's code in the background, so that the first toast does not wait for it. */
export function prefetchToasts(): void {
  loadSnackbar().catch(() => undefined);
}

/** Short confirmations of completed operations ("Sessão renovada"), one at a time, announced politely. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const notify = useCallback<Notify>((message, severity = 'success') => {
    setQueue((current) => [...current, { id: Date.now() + Math.random(), message, severity }]);
  }, []);
  const current = queue[0];
  const close = useCallback(() => setQueue((items) => items.slice(1)), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <ToastSnackbar key={current.id} toast={current} onClose={close} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useToast outside ToastProvider');
  return notify;
}
