/**
 * Which parts of the wizard render, named, for the page test that keeps typing cheap (issue 14: a key
 * stroke re-renders its field, not the step; credit-application-page.test.tsx). React's Profiler tells
 * that something under it rendered, not what. Nobody listens in the app: one call per render, no work.
 */
type Listener = (component: string, path: string) => void;

let listener: Listener | null = null;

export function listenToRenders(next: Listener | null): void {
  listener = next;
}

/** Called first thing in the render of a wizard component; `path` is its field or array, if any. */
export function noteRender(component: string, path = ''): void {
  listener?.(component, path);
}
