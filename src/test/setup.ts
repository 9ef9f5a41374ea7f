import '@testing-library/jest-dom/vitest';

// jsdom does not lay out, so it has no scrollIntoView; browsers do. A no-op fills the gap.
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });
}
