import GlobalStyles from '@mui/material/GlobalStyles';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Printing, the same way on every screen (docs/architecture.md, "Printing"):
 * - the shell renders `<PrintStyles />` once: on paper the app bar, the navigation, banners, toasts,
 *   dialogs and every button disappear, the page is A4 with margins, and everything is black on white
 *   whatever the theme;
 * - anything else that is for the screen only gets `className={printClasses.hidden}`;
 * - a screen's print layout gets `className={printClasses.only}` and is rendered only while `usePrint`
 *   says `printing` (a long table costs nothing on screen the rest of the time).
 */
export const printClasses = {
  /** Shown on screen, never on paper. */
  hidden: 'print-hidden',
  /** On paper only. */
  only: 'print-only',
} as const;

const paperMarginMm = { top: 14, side: 12, bottom: 16 };

const styles = {
  [`.${printClasses.only}`]: { display: 'none' },
  '@page': {
    size: 'A4',
    margin: `${paperMarginMm.top}mm ${paperMarginMm.side}mm ${paperMarginMm.bottom}mm`,
  },
  '@media print': {
    'html, body': { backgroundColor: '#fff !important', color: '#000 !important' },
    // The frame and the controls: whatever a screen forgets to mark is still kept off the paper.
    [[
      `.${printClasses.hidden}`,
      '.MuiAppBar-root',
      'nav',
      '.MuiSnackbar-root',
      '.MuiDialog-root',
      '.MuiPopover-root',
      '.MuiTooltip-popper',
      'button',
      '[role="button"]',
      'a[href="#main"]',
    ].join(', ')]: { display: 'none !important' },
    [`.${printClasses.only}`]: { display: 'block !important' },
    // Black on white whatever the theme: no dark paper, no grey text that a printer fades further.
    '*, *::before, *::after': {
      color: '#000 !important',
      backgroundColor: 'transparent !important',
      boxShadow: 'none !important',
      textShadow: 'none !important',
    },
    'main, #main': { padding: '0 !important' },
  },
} as const;

/** The print rules of the whole app; rendered once, by the shell. */
export function PrintStyles() {
  return <GlobalStyles styles={styles} />;
}

/**
 * Whether the screen's print layout should be in the page, and `print()` to print it. Printing from the
 * browser's own menu (Ctrl+P) renders it too, synchronously, before the browser lays the page out.
 */
export function usePrint(): { printing: boolean; print: () => void } {
  const [printing, setPrinting] = useState(false);
  const active = useRef(false);
  const requested = useRef(false);

  useEffect(() => {
    const before = () => {
      if (active.current) return;
      active.current = true;
      flushSync(() => setPrinting(true));
    };
    const after = () => {
      active.current = false;
      requested.current = false;
      setPrinting(false);
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  // Once the print layout is committed, the browser's print dialog.
  useEffect(() => {
    if (!printing || !requested.current) return;
    requested.current = false;
    window.print();
  }, [printing]);

  const print = useCallback(() => {
    // Already laid out for paper (a print dialog that never said it closed): straight to the dialog.
    if (active.current) {
      window.print();
      return;
    }
    requested.current = true;
    active.current = true;
    setPrinting(true);
  }, []);

  return { printing, print };
}
