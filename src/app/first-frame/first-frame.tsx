import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import { MemoryRouter } from 'react-router';
import { createServices } from '@/api/services';
import { session } from '@/api/session';
import { PageContainer } from '@/components/page-container';
import { ConfigProvider } from '@/config/config-context';
import type { RuntimeConfig } from '@/config/config-schema';
import { paths } from '@/config/paths';
import { useAuthTranslation } from '@/features/auth/texts';
import { ServicesProvider } from '@/hooks/services-context';
import { NavDrawer } from '../layout/nav-drawer';
import { ShellLayout } from '../layout/shell-layout';
import { AppName, TopBarChrome } from '../layout/top-bar';
import { AppTheme } from '../providers';

/**
 * The app bar as the HTML paints it, before any script: the product's name, with the menu button's place
 * below `md` (CSS decides: the HTML cannot measure the width). No name of an operator, no controls that
 * would do nothing until the script runs: the shell's own bar adds them, to the right of the name.
 */
function TopBarFrame() {
  return (
    <TopBarChrome>
      {/* The menu button's box (IconButton, edge="start": 8 px around a 24 px icon, 12 px pulled left). */}
      <Box
        aria-hidden
        sx={{ display: { xs: 'inline-flex', md: 'none' }, p: 1, ml: '-12px', flexShrink: 0, fontSize: 24 }}
      >
        <MenuIcon />
      </Box>
      <AppName />
    </TopBarChrome>
  );
}

/**
 * The page that is on its way to the identity provider, or back from it (OpenID Connect): a cold start at a
 * signed-in screen leaves for the provider at once, and its return exchanges the code before the screen
 * can show. The shell's own layout, bar and navigation with "Entrando", and nothing of an operator. The
 * app draws the screen over it once signed in (main.tsx); this frame is never hydrated.
 */
export function EnteringFrame({ config }: { config: RuntimeConfig }) {
  const services = createServices(config, { session, identityProvider: null, onFailure: () => undefined });
  return (
    <ConfigProvider config={config}>
      <ServicesProvider services={services}>
        <AppTheme colorScheme="system" language="pt-BR" reduceMotion={false}>
          <MemoryRouter initialEntries={[`${paths.signIn}/retorno`]}>
            <ShellLayout topBar={<TopBarFrame />} nav={<NavDrawer hiddenBelowMd />} loading={false}>
              <EnteringHeading />
            </ShellLayout>
          </MemoryRouter>
        </AppTheme>
      </ServicesProvider>
    </ConfigProvider>
  );
}

function EnteringHeading() {
  const { t } = useAuthTranslation();
  return (
    <PageContainer title={t('auth.returnTitle')} intro={t('auth.returnIntro')}>
      {null}
    </PageContainer>
  );
}
