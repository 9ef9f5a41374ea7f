import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';

interface AppBarChromeProps {
  /** Before the product's name (the menu button of a narrow shell). */
  start?: ReactNode;
  /** After it (the session's facts, the preferences, "Sair"). */
  children?: ReactNode;
}

/**
 * The app bar every screen shares, sign-in's included, with the product's name: what index.html's still
 * shell paints before any script (its CSS copies these sizes and colours), so that the first render
 * replaces it in place.
 */
export function AppBarChrome({ start, children }: AppBarChromeProps) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="fixed"
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        // The theme's focus ring is the primary colour, which the bar's own background would hide.
        '& .MuiButtonBase-root.Mui-focusVisible, & .MuiButtonBase-root:focus-visible': {
          outlineColor: 'currentColor',
        },
      }}
    >
      <Toolbar sx={{ gap: { xs: 1, md: 2 } }}>
        {start}
        <Typography variant="h6" component="p" noWrap sx={{ minWidth: 0, flexShrink: 1 }}>
          {t('app.name')}
        </Typography>
        {children}
      </Toolbar>
    </AppBar>
  );
}
