import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/config-context';
import { useSession } from '@/features/auth/use-session';
import { supportedLanguages, type SupportedLanguage } from '../i18n/i18n';
import { usePreferences } from '../preferences';

function isSupportedLanguage(value: string): value is SupportedLanguage {
  return (supportedLanguages as readonly string[]).includes(value);
}

/** App bar: name, environment, session expiry, language, theme and a visible sign-out. */
export function TopBar({ onSignOut }: { onSignOut: () => void }) {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const state = useSession();
  const { language, setLanguage, colorMode, setColorMode } = usePreferences();
  const expiresAt = state.status !== 'signed-out' ? state.claims?.expiresAt : null;

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 2 }}>
        <Typography variant="h6" component="p" noWrap>
          {t('app.name')}
        </Typography>
        <Chip
          label={t('app.environment', { name: config.environmentName })}
          size="small"
          sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: 'inherit' }}
        />
        <Box sx={{ flexGrow: 1 }} />
        {expiresAt ? (
          <Typography variant="body2">
            {t('app.session.expiresAt', {
              time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(expiresAt),
            })}
          </Typography>
        ) : null}
        <ToggleButtonGroup
          exclusive
          size="small"
          value={language}
          aria-label={t('app.language')}
          onChange={(_event, value: unknown) => {
            if (typeof value === 'string' && isSupportedLanguage(value)) setLanguage(value);
          }}
          sx={{
            '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.5)', px: 1.25 },
            '& .MuiToggleButton-root.Mui-selected': { color: 'inherit', bgcolor: 'rgba(0,0,0,0.32)' },
          }}
        >
          {supportedLanguages.map((code) => (
            <ToggleButton key={code} value={code} lang={code} aria-label={t(`languages.${code}`)}>
              {code === 'en' ? 'EN' : 'PT'}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <IconButton
          color="inherit"
          onClick={() => setColorMode(colorMode === 'dark' ? 'light' : 'dark')}
          aria-label={colorMode === 'dark' ? t('app.themeToLight') : t('app.themeToDark')}
          title={colorMode === 'dark' ? t('app.themeToLight') : t('app.themeToDark')}
        >
          {colorMode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={onSignOut} variant="outlined">
          {t('app.signOut')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
