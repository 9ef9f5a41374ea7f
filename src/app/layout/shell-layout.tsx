import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { printClasses, PrintStyles } from '@/components/print';
import { SandboxBanner } from '@/components/sandbox-banner';
import { useTranslation } from '@/hooks/use-translation';
import { OfflineBanner } from './status-banners';

interface ShellLayoutProps {
  /** The app bar (TopBar). */
  topBar: ReactNode;
  /** The navigation beside the screen, when there is room for it. */
  nav: ReactNode;
  /** A screen is loading: the thin progress bar under the banners. */
  loading: boolean;
  /** The screen. */
  children: ReactNode;
  /** What floats over the frame: the session guard, dialogs. */
  overlays?: ReactNode;
}

/**
 * Where everything of the signed-in frame sits: skip link, app bar, navigation, banners and the screen.
 */
export function ShellLayout({ topBar, nav, loading, children, overlays }: ShellLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <PrintStyles />
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Link>
      {topBar}
      {nav}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {/* The frame stays on screen; on paper only the screen's content (src/components/print.tsx). */}
        <Box className={printClasses.hidden}>
          <Toolbar />
          <SandboxBanner />
          <OfflineBanner />
          {loading ? <LinearProgress aria-label={t('app.loadingScreen')} /> : <Box sx={{ height: 4 }} />}
        </Box>
        <Box component="main" id="main" tabIndex={-1} sx={{ p: { xs: 2, sm: 3 }, outline: 'none' }}>
          {children}
        </Box>
      </Box>
      {overlays}
    </Box>
  );
}
