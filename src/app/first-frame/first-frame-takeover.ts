/**
 * The prerendered first frame's CSS (scripts/build/first-frames.ts) goes once the app has drawn its first
 * screen: by then the app's own styles hold every rule the screen uses, and the frame's dark-scheme rules,
 * which follow the system's colour scheme, would otherwise fight a colour mode the operator picks.
 */
export function removeFirstFrameStyles(doc: Document = document): void {
  for (const style of doc.querySelectorAll('style[data-first-frame]')) style.remove();
}

/**
 * Resolves once the browser has recorded the first frame's largest paint (at most `timeoutMs` later), or
 * at once when the page has no first frame. The app's first render replaces the frame's nodes with
 * identical ones; the browser counts a replaced node of the same size as a new largest paint if the
 * frame's own paint had not been recorded yet (its record waits for the main thread, which the app's
 * start keeps busy). Taking over after it keeps the page's largest paint where the operator saw it: the
 * HTML's frame (decision 021).
 */
export function firstFramePainted(doc: Document = document, timeoutMs = 1000): Promise<void> {
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');
  if (!supported || doc.querySelector('style[data-first-frame]') === null) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver(() => done());
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    }
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}
