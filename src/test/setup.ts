import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { failOnConsoleLines } from './console-guard';

// This file runs again before every test file, and registers each file's hooks: in the `page` project a
// worker keeps its modules from one file to the next (`isolate: false`, vite.config.ts), so a hook that a
// module registers when it is first imported (Testing Library's own unmount after each test) would hold
// for the first file only.
failOnConsoleLines();
afterEach(() => {
  cleanup();
});

// jsdom does not lay out, so it has no scrollIntoView; browsers do. A no-op fills the gap.
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });
}

// jsdom has no matchMedia, so MUI's useMediaQuery would answer "no" to every width query and pages
// would render their phone layout. Page tests run as a 1280 px wide, light-scheme screen that asks for
// reduced motion (the narrow layouts and the motion are checked in a real browser: e2e/layout.spec.ts):
// a test then waits for no dialog's fade or row's collapse, only for the state it looks for.
const viewportWidth = 1280;
function matchesQuery(query: string): boolean {
  const text = query.replace(/^@media\s*/, '');
  return text.split(/\s+and\s+/).every((part) => {
    const min = /\(min-width:\s*([\d.]+)px\)/.exec(part);
    if (min) return viewportWidth >= Number(min[1]);
    const max = /\(max-width:\s*([\d.]+)px\)/.exec(part);
    if (max) return viewportWidth <= Number(max[1]);
    if (/\(prefers-reduced-motion:\s*reduce\)/.test(part)) return true;
    return false; // prefers-color-scheme: dark…: not in tests
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

// A query that finds nothing throws an error that prints the whole page. findBy*/waitFor try again on
// every change of the page and throw all those errors away but the last
// (testing-library/dom-testing-library#1071): the print is made when the message is first read, so
// only an error someone reads pays for it.
const printingElementError = getConfig().getElementError;
function elementError(message: string | null, container: Element): Error {
  const error = new Error(message ?? '');
  error.name = 'TestingLibraryElementError';
  Error.captureStackTrace(error, elementError); // the failure points at the query, not here
  let printed: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    get: () => (printed ??= printingElementError(message, container).message),
  });
  return error;
}

// findBy*/waitFor wait for a state, not for a time: this bounds a wait that never ends, under Vitest's
// 5 s per test, so that a failure names the element it waited for.
configure({ asyncUtilTimeout: 4_000, getElementError: elementError });
