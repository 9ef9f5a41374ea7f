/**
 * Runs `task` in a task of its own once the browser has painted the next frame: an interaction that
 * starts heavy work (building a whole screen) first shows that it was taken, and the work no longer holds
 * its next paint (what INP measures). A hidden page paints nothing: the task runs at once, in a task of
 * its own too.
 */
export function afterNextPaint(task: () => void): void {
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
    setTimeout(task, 0);
    return;
  }
  // A task queued from an animation frame runs after that frame has been painted.
  requestAnimationFrame(() => setTimeout(task, 0));
}
