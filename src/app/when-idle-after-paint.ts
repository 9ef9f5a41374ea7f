/**
 * Runs `task` once the first screen has painted its largest element and the browser is idle: fetching and
 * evaluating what the next screens need must not delay the first screen's paint, nor compete with it.
 *
 * "Painted" is the first `largest-contentful-paint` entry at or after `after` (a `performance.now()` time:
 * main.tsx gives the moment it asked for the app's first render, so the HTML's still shell, painted
 * before any script, does not count) where the browser reports them (Chromium), else the frame after the
 * next one; a hidden page (no paint to wait for) goes straight to the idle wait, and a
 * bound covers a paint that is never reported. Then `requestIdleCallback`, with a time-out so that a page
 * that is never idle still gets the task, or a zero `setTimeout` where there is no idle callback (Safari).
 */
export function whenIdleAfterPaint(
  task: () => void,
  { after = 0, idleTimeoutMs = 2000, paintTimeoutMs = 10_000 } = {},
): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  let bound: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    clearTimeout(bound);
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => task(), { timeout: idleTimeoutMs });
    else setTimeout(task, 0);
  };
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  const reportsLcp =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');
  if (reportsLcp) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= after)) start();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    bound = setTimeout(start, paintTimeoutMs);
  } else {
    // The task after the next frame runs after that frame has been painted.
    requestAnimationFrame(() => setTimeout(start, 0));
  }
}
