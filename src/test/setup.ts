import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// jsdom does not lay out, so it has no scrollIntoView; browsers do. A no-op fills the gap.
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });
}

// findBy*/waitFor wait for a state, not for a time: the default 1 s assumes an idle machine, and CI shares
// two cores with builds and browsers (a spinner outlived 1 s there, issue 14). A waited-for state that never
// comes still fails, only later; a state that comes early ends the wait early.
configure({ asyncUtilTimeout: 30_000 });
