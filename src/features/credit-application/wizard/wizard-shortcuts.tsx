import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, type RefObject } from 'react';
import { useCreditApplicationTranslation } from '../texts';

/**
 * The wizard's keyboard shortcuts for the moves an operator makes all day: "Continuar" and "Adicionar"
 * (a phone, an address, an additional card). Chosen not to clash with the browser (Ctrl+Enter and Alt+A
 * do nothing in a page in Chromium, Firefox or Edge, Windows or Linux) nor with screen readers (NVDA,
 * JAWS and Orca use their own modifier; VoiceOver uses Ctrl+Option), and matched by the physical key, so
 * that Option+A on a Mac (which types "å") works too. Sending the application has none on purpose: two
 * quick Ctrl+Enter on step 7 would send a review nobody read.
 *
 * A button takes a shortcut by its `aria-keyshortcuts` (what screen readers announce): the listener
 * presses the wizard's enabled button that carries it, so there is one list and no second path to an
 * action. Shown in the UI three ways: beside the button (`KeyHint`), in its title, and in "Atalhos".
 */
export const SHORTCUTS = {
  /** "Continuar" (or "Voltar para a revisão") on a step with fields. */
  continue: { aria: 'Control+Enter', keys: ['Ctrl', 'Enter'] },
  /** "Adicionar telefone/endereço/cartão adicional" on a step with a list. */
  add: { aria: 'Alt+A', keys: ['Alt', 'A'] },
} as const;

type Shortcut = (typeof SHORTCUTS)[keyof typeof SHORTCUTS];

function shortcutOf(event: KeyboardEvent): Shortcut | null {
  if (event.repeat) return null;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key === 'Enter')
    return SHORTCUTS.continue;
  if (event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyA')
    return SHORTCUTS.add;
  return null;
}

/**
 * Listens for the shortcuts while focus is in the wizard (`root`) or nowhere (the page's body); a dialog
 * over it (leave, re-authentication, the drawer) keeps its keys.
 */
export function useWizardShortcuts(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      const area = root.current;
      if (!shortcut || !area || event.defaultPrevented) return;
      const target = event.target;
      if (!(target instanceof Node) || (target !== document.body && !area.contains(target))) return;
      const button = area.querySelector<HTMLButtonElement>(
        `button[aria-keyshortcuts="${shortcut.aria}"]:not(:disabled)`,
      );
      if (!button) return;
      // Also keeps Enter from submitting the form a second time and Option+A from typing "å".
      event.preventDefault();
      button.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [root]);
}

/** The props that give a button its shortcut: announced, and named in its title. */
export function shortcutProps(
  shortcut: Shortcut,
  t: ReturnType<typeof useCreditApplicationTranslation>['t'],
) {
  return {
    'aria-keyshortcuts': shortcut.aria,
    title: t('creditApplication.shortcuts.title', { keys: shortcut.keys.join('+') }),
  };
}

/**
 * "Ctrl + Enter" in key caps, beside the button it presses (hidden from screen readers: the button says
 * it); not on phone widths, which have no such keys.
 */
export function KeyHint({ shortcut }: { shortcut: Shortcut }) {
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      aria-hidden
      sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}
    >
      <Keys keys={shortcut.keys} />
    </Typography>
  );
}

function Keys({ keys }: { keys: readonly string[] }) {
  return keys.map((key, index) => (
    <span key={key}>
      {index > 0 ? '+' : null}
      <Box
        component="kbd"
        sx={{
          fontFamily: 'inherit',
          fontSize: '0.85em',
          px: 0.5,
          py: 0.125,
          border: 1,
          borderColor: 'divider',
          borderRadius: 0.5,
          bgcolor: 'action.hover',
        }}
      >
        {key}
      </Box>
    </span>
  ));
}

/** The "Atalhos" list, closed: what each shortcut does, and the keys that need none. */
export function ShortcutList() {
  const { t } = useCreditApplicationTranslation();
  const rows = [
    { keys: SHORTCUTS.continue.keys, text: t('creditApplication.shortcuts.continue') },
    { keys: ['Enter'], text: t('creditApplication.shortcuts.enter') },
    { keys: SHORTCUTS.add.keys, text: t('creditApplication.shortcuts.add') },
    { keys: [t('creditApplication.shortcuts.space')], text: t('creditApplication.shortcuts.mailing') },
  ];
  return (
    <Box component="details" sx={{ mt: 2, '& summary': { cursor: 'pointer', width: 'fit-content' } }}>
      <Typography component="summary" variant="body2">
        {t('creditApplication.shortcuts.heading')}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          mt: 1,
          typography: 'body2',
        }}
      >
        {rows.map((row) => (
          <Box key={row.text} sx={{ display: 'contents' }}>
            <dt>
              <Keys keys={row.keys} />
            </dt>
            <Box component="dd" sx={{ m: 0 }}>
              {row.text}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
