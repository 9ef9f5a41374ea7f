import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Sent by a field that must take focus while its row is closed: the row opens and focuses it. */
const REVEAL_EVENT = 'credit-application-reveal';

/**
 * Moves focus to a field of the wizard (an error summary's link, a link from the provider's refusal).
 * A field inside a closed row (a `hidden` body) cannot take focus: it asks its row to open, and the row
 * focuses it once drawn (`useRevealFocus`).
 */
export function focusField(target: HTMLElement) {
  if (target.closest('[hidden]')) {
    const event = new Event(REVEAL_EVENT, { bubbles: true, cancelable: true });
    // A row took it (it called preventDefault): the focus comes after its render.
    if (!target.dispatchEvent(event)) return;
  }
  target.focus();
  target.scrollIntoView({ block: 'center' });
}

/**
 * For a row that can be closed: the ref goes on its body. A field inside asking to be revealed while the
 * row is closed calls `open`, and takes focus in the commit that shows it. A layout effect, so that it
 * listens before a parent's layout effect (a step that focuses a field on arrival) asks.
 */
export function useRevealFocus(open: boolean, onReveal: () => void): RefObject<HTMLDivElement | null> {
  const bodyRef = useRef<HTMLDivElement>(null);
  const pending = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const reveal = (event: Event) => {
      if (!(event.target instanceof HTMLElement)) return;
      event.preventDefault();
      pending.current = event.target;
      onReveal();
    };
    body.addEventListener(REVEAL_EVENT, reveal);
    return () => body.removeEventListener(REVEAL_EVENT, reveal);
  }, [onReveal]);
  useLayoutEffect(() => {
    const target = pending.current;
    if (!open || !target) return;
    pending.current = null;
    target.focus();
    target.scrollIntoView({ block: 'center' });
  }, [open]);
  return bodyRef;
}
