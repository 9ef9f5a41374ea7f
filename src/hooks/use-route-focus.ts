import { useEffect } from 'react';
import { useLocation } from 'react-router';

// Set by the first key press or pointer press in this page: a route change before any (the redirect
// from "/" on load, the sign-in redirect of a signed-out visitor) leaves focus where the browser puts it.
let userHasActed = false;
if (typeof document !== 'undefined') {
  const mark = () => {
    userHasActed = true;
  };
  document.addEventListener('keydown', mark, { capture: true, once: true });
  document.addEventListener('pointerdown', mark, { capture: true, once: true });
}

/** Whether the operator has pressed a key or pointer in this page yet (no focus is moved before). */
export function hasUserActed(): boolean {
  return userHasActed;
}

/**
 * After a route change the operator asked for, focus goes to the new page's `h1` (React Router, unlike a
 * page load, leaves it on the clicked link or on `<body>`), so a screen reader says the page's name and
 * Tab continues from the top of its content. A page that has already put focus inside its own `main`
 * (the wizard's step heading, an error summary) keeps it.
 */
export function useRouteFocus() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!userHasActed) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    const active = document.activeElement;
    const main = heading.closest('main');
    if (active && active !== document.body && active !== main && main?.contains(active)) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  }, [pathname]);
}
