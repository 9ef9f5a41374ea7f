import { lazy, Suspense } from 'react';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { paths } from '@/config/paths';
import { batchIsRunning, stopBatch } from './batch-store';

// Only when someone leaves during a batch: the dialog machinery stays out of both screens' chunks.
const BatchLeaveDialog = lazy(async () => ({
  default: (await import('./batch-leave-dialog')).BatchLeaveDialog,
}));

/**
 * While a batch runs, leaving "Análises por CPF" asks first (its two tabs are one screen: moving
 * between them, or opening a CPF of the batch in the single lookup, does not). Closing or reloading the
 * tab gets the browser's own question.
 */
export function BatchLeaveGuard() {
  const blocker = useLeaveGuard(paths.analysisStatus, batchIsRunning);
  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <BatchLeaveDialog
        onStay={() => blocker.reset()}
        onLeave={() => {
          stopBatch();
          blocker.proceed();
        }}
      />
    </Suspense>
  );
}
