import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// jsdom does not lay out, so it has no scrollIntoView; browsers do. A no-op fills the gap.
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });
}

// jsdom has no matchMedia, so MUI's useMediaQuery would answer "no" to every width query and pages
// would render their phone layout. Page tests run as a 1280 px wide, light-scheme screen instead (the
// narrow layouts are checked in a real browser: e2e/layout.spec.ts).
const viewportWidth = 1280;
function matchesQuery(query: string): boolean {
  const text = query.replace(/^@media\s*/, '');
  return text.split(/\s+and\s+/).every((part) => {
    const min = /\(min-width:\s*([\d.]+)px\)/.exec(part);
    if (min) return viewportWidth >= Number(min[1]);
    const max = /\(max-width:\s*([\d.]+)px\)/.exec(part);
    if (max) return viewportWidth <= Number(max[1]);
    return false; // prefers-color-scheme: dark, prefers-reduced-motion…: not in tests
  });
}
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => {
      const list = {
        media: query,
        matches: matchesQuery(query),
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      };
      return list;
    },
  });
}

// findBy*/waitFor wait for a state, not for a time: the default 1 s assumes an idle machine, and CI shares
// two cores with builds and browsers (a spinner outlived 1 s there). A waited-for state that never
// comes still fails, only later; a state that comes early ends the wait early. 30 s was not enough beside
// two CPU hogs at a load average of 17 (a lazy screen's first render, transform included, took longer);
// 90 s stays under the test bound (vite.config.ts) so that a failure names the element it waited for.
configure({ asyncUtilTimeout: 90_000 });
