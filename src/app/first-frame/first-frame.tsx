import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createServices } from '@/api/services';
import { session } from '@/api/session';
import { PageContainer } from '@/components/page-container';
import { ConfigProvider } from '@/config/config-context';
import type { RuntimeConfig } from '@/config/config-schema';
import { paths } from '@/config/paths';
import { useAccountsTranslation } from '@/features/accounts/texts';
import { useAnalysisBatchTranslation } from '@/features/analysis-status/batch/batch-texts';
import { useAnalysisStatusTranslation } from '@/features/analysis-status/texts';
import { SignInPage } from '@/features/auth/sign-in-page';
import { useAuthTranslation } from '@/features/auth/texts';
import { useCardsTranslation } from '@/features/cards/texts';
import { useCreditApplicationTranslation } from '@/features/credit-application/texts';
import { useProductsTranslation } from '@/features/products/texts';
import { ServicesProvider } from '@/hooks/services-context';
import { useTranslation } from '@/hooks/use-translation';
import { MAX_BATCH_CPFS } from '@/lib/cpf-list';
import { NavDrawer } from '../layout/nav-drawer';
import { ShellLayout } from '../layout/shell-layout';
import { AppName, TopBarChrome } from '../layout/top-bar';
import { AppTheme } from '../providers';
import type { ColorMode } from '../theme';
import type { FirstFrameName } from './frame-routes';

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

/** A screen's heading and introduction, as the screen itself draws them (PageContainer). */
function Heading({ title, intro }: { title: string; intro?: string }) {
  return (
    <PageContainer title={title} intro={intro}>
      {null}
    </PageContainer>
  );
}

function ReturnHeading() {
  const { t } = useAuthTranslation();
  return <Heading title={t('auth.returnTitle')} intro={t('auth.returnIntro')} />;
}
function ProductsHeading() {
  const { t } = useProductsTranslation();
  return <Heading title={t('products.title')} intro={t('products.intro')} />;
}
function NewApplicationHeading() {
  const { t } = useCreditApplicationTranslation();
  return <Heading title={t('creditApplication.title')} />;
}
function AnalysisStatusHeading() {
  const { t } = useAnalysisStatusTranslation();
  return <Heading title={t('analysisStatus.title')} intro={t('analysisStatus.intro')} />;
}
function AnalysisBatchHeading() {
  const { t, i18n } = useAnalysisBatchTranslation();
  const max = new Intl.NumberFormat(i18n.language).format(MAX_BATCH_CPFS);
  return <Heading title={t('analysisBatch.title')} intro={t('analysisBatch.intro', { max })} />;
}
function CardsHeading() {
  const { t } = useCardsTranslation();
  return <Heading title={t('cards.title')} intro={t('cards.intro')} />;
}
function AccountsHeading() {
  const { t } = useAccountsTranslation();
  return <Heading title={t('accounts.title')} intro={t('accounts.intro')} />;
}
function NotFoundHeading() {
  const { t } = useTranslation();
  return <Heading title={t('errors.notFoundTitle')} />;
}

/** Each signed-in frame: its address (for the navigation's current item) and its heading. */
const screens: Record<Exclude<FirstFrameName, 'entrar'>, { path: string; heading: () => ReactNode }> = {
  retorno: { path: `${paths.signIn}/retorno`, heading: () => <ReturnHeading /> },
  produtos: { path: paths.products, heading: () => <ProductsHeading /> },
  'proposta-nova': { path: paths.newApplication, heading: () => <NewApplicationHeading /> },
  analises: { path: paths.analysisStatus, heading: () => <AnalysisStatusHeading /> },
  'analises-lote': { path: paths.analysisBatch, heading: () => <AnalysisBatchHeading /> },
  cartoes: { path: paths.cards, heading: () => <CardsHeading /> },
  contas: { path: paths.accounts, heading: () => <AccountsHeading /> },
  'nao-encontrada': { path: '/nao-encontrada', heading: () => <NotFoundHeading /> },
};

interface FirstFrameProps {
  config: RuntimeConfig;
  name: FirstFrameName;
  colorMode: ColorMode;
}

/**
 * One prerendered first frame, drawn by the app's own components (the build renders it with React's
 * server renderer: render-first-frames.tsx). Sign-in is the sign-in page itself, in the mode's shape; a
 * signed-in screen (a reload with OpenID Connect, while the identity provider's round trip and the data
 * are under way) is the shell's layout with the screen's heading, and nothing that needs an operator.
 */
export function FirstFrame({ config, name, colorMode }: FirstFrameProps) {
  const signIn = config.auth.type === 'token' || name === 'entrar';
  const screen = signIn ? null : screens[name];
  const services = createServices(config, { session, identityProvider: null, onFailure: () => undefined });
  return (
    <ConfigProvider config={config}>
      <ServicesProvider services={services}>
        <AppTheme colorMode={colorMode} language="pt-BR" reduceMotion={false}>
          <MemoryRouter initialEntries={[screen?.path ?? paths.signIn]}>
            {screen ? (
              <ShellLayout topBar={<TopBarFrame />} nav={<NavDrawer hiddenBelowMd />} loading={false}>
                {screen.heading()}
              </ShellLayout>
            ) : (
              <SignInPage />
            )}
          </MemoryRouter>
        </AppTheme>
      </ServicesProvider>
    </ConfigProvider>
  );
}
