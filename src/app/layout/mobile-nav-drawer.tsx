/** The navigation of narrow screens: a temporary drawer behind the app bar's menu button, its own lazy chunk. */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/hooks/use-translation';
import { DRAWER_WIDTH, NavList } from './nav-drawer';
import { LanguageToggle, SessionFacts, ThemeToggle } from './top-bar';

interface MobileNavDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Where focus returns after Escape or a click outside. */
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * Below MUI's `md` breakpoint: the navigation as a temporary drawer (a modal dialog that traps focus and
 * closes on Escape, a click outside or a choice), with the environment, language and theme that the
 * narrow app bar has no room for. Loaded on first opening, so wide screens never download Modal.
 */
export function MobileNavDrawer({ open, onClose, menuButtonRef }: MobileNavDrawerProps) {
  const { t } = useTranslation();
  // Escape or a click outside returns focus to the menu button once the drawer has gone (while it is
  // open its focus trap would take focus back); a link leaves focus to the route focus (the new h1).
  const dismissed = useRef(false);
  // A choice navigates once the drawer has gone, not while it closes: a screen that asks before it is
  // left (the credit application's leave dialog) would otherwise open its dialog while this modal is still
  // on its way out, and on a slow phone MUI's modal manager then left that dialog aria-hidden (found by
  // the e2e suite on a loaded machine, reproduced at 8x CPU).
  const chosen = useRef<string | null>(null);
  const navigate = useNavigate();
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={() => {
        dismissed.current = true;
        onClose();
      }}
      ModalProps={{ disableRestoreFocus: true }}
      // Above the app bar (which sits above the permanent drawer), like any other modal.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        transition: {
          onExited: () => {
            if (dismissed.current) menuButtonRef.current?.focus();
            dismissed.current = false;
            if (chosen.current !== null) void navigate(chosen.current);
            chosen.current = null;
          },
        },
        paper: { sx: { width: `min(${DRAWER_WIDTH + 48}px, 85vw)` }, 'aria-label': t('app.navigationLabel') },
      }}
    >
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {t('app.name')}
        </Typography>
      </Box>
      <NavList
        onNavigate={(event, path) => {
          // A new tab or window (modifier keys, middle button) is the browser's; this tab stays as it is.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          chosen.current = path;
          onClose();
        }}
      />
      <Divider />
      <Stack spacing={1.5} sx={{ p: 2 }}>
        <SessionFacts />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LanguageToggle />
          <ThemeToggle />
        </Stack>
      </Stack>
    </Drawer>
  );
}
