import { Outlet } from 'react-router';
import { BatchLeaveGuard } from './batch/batch-leave-guard';

/**
 * The route around the two tabs of "Análises por CPF" (one CPF, in batch): what must outlive a move
 * between them. The leave guard lives here, registered once for both: were it in each tab, switching
 * tabs would leave a moment with no guard at all (React Router registers a blocker one render after
 * the component mounts), and a click on another screen in that moment would leave a running batch
 * without asking.
 */
export function AnalysisLayout() {
  return (
    <>
      <Outlet />
      <BatchLeaveGuard />
    </>
  );
}
