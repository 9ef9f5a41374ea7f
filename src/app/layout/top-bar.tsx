import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { AppBarChrome } from '@/components/app-bar-chrome';
import { useTranslation } from '@/hooks/use-translation';
import { useRuntimeConfig } from '@/config/config-context';
import { useSession } from '@/hooks/use-session';
import { supportedLanguages, type SupportedLanguage } from '../i18n/i18n';
import { usePreferences } from '../preferences';
import { formatTime } from '@/lib/date-time-format';

function isSupportedLanguage(value: string): value is SupportedLanguage {
  return (supportedLanguages as readonly string[]).includes(value);
}

/**
 * PT / EN. Each button's name starts with its visible text ("PT · Português (Brasil)"), so that a
 * speech-input user who says what they see reaches it (WCAG 2.5.3, axe `label-content-name-mismatch`).
 */
export function LanguageToggle({ onAppBar = false }: { onAppBar?: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={language}
      aria-label={t('app.language')}
      onChange={(_event, value: unknown) => {
        if (typeof value === 'string' && isSupportedLanguage(value)) setLanguage(value);
      }}
      sx={
        onAppBar
          ? {
              '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.5)', px: 1.25 },
              '& .MuiToggleButton-root.Mui-selected': { color: 'inherit', bgcolor: 'rgba(0,0,0,0.32)' },
            }
          : { '& .MuiToggleButton-root': { px: 1.25 } }
      }
    >
      {supportedLanguages.map((code) => {
        const short = code === 'en' ? 'EN' : 'PT';
        return (
          <ToggleButton
            key={code}
            value={code}
            lang={code}
            aria-label={`${short} · ${t(`languages.${code}`)}`}
          >
            {short}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}

/** Light / dark. */
export function ThemeToggle({ color }: { color?: 'inherit' | 'default' }) {
  const { t } = useTranslation();
  const { colorMode, setColorMode } = usePreferences();
  const label = colorMode === 'dark' ? t('app.themeToLight') : t('app.themeToDark');
  return (
    <IconButton
      color={color}
      onClick={() => setColorMode(colorMode === 'dark' ? 'light' : 'dark')}
      aria-label={label}
      title={label}
    >
      {colorMode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}

/** The environment name and, for a JWT, when it expires. */
export function SessionFacts({ onAppBar = false }: { onAppBar?: boolean }) {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const state = useSession();
  const expiresAt = state.status !== 'signed-out' ? state.claims?.expiresAt : null;
  return (
    <>
      <Chip
        label={t('app.environment', { name: config.environmentName })}
        size="small"
        variant={onAppBar ? 'filled' : 'outlined'}
        sx={onAppBar ? { bgcolor: 'rgba(255,255,255,0.16)', color: 'inherit' } : { alignSelf: 'flex-start' }}
      />
      {expiresAt ? (
        <Typography variant="body2">
          {t('app.session.expiresAt', {
            time: formatTime(expiresAt, i18n.language),
          })}
        </Typography>
      ) : null}
    </>
  );
}

interface TopBarProps {
  onSignOut: () => void;
  /**
   * Below MUI's `md` breakpoint the bar keeps only the menu button, the name and sign-out; the
   * environment, expiry, language and theme move into the navigation drawer.
   */
  compact: boolean;
  navOpen: boolean;
  onOpenNav: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}

/** App bar: name, environment, session expiry, language, theme and a sign-out always in view. */
export function TopBar({ onSignOut, compact, navOpen, onOpenNav, menuButtonRef }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBarChrome
      start={
        compact ? (
          <IconButton
            color="inherit"
            edge="start"
            ref={menuButtonRef}
            onClick={onOpenNav}
            aria-label={t('app.openNavigation')}
            aria-expanded={navOpen}
          >
            <MenuIcon />
          </IconButton>
        ) : null
      }
    >
      {compact ? null : <SessionFacts onAppBar />}
      <Box sx={{ flexGrow: 1 }} />
      {compact ? null : (
        <>
          <LanguageToggle onAppBar />
          <ThemeToggle color="inherit" />
        </>
      )}
      <Button
        color="inherit"
        startIcon={<LogoutIcon />}
        onClick={onSignOut}
        variant="outlined"
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {t('app.signOut')}
      </Button>
    </AppBarChrome>
  );
}
