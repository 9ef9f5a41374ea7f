import { paths } from '@/config/paths';

/** The signed-in screens, in the order the navigation drawer lists them. Paths never hold personal data. */
export const navigationItems = [
  { key: 'products', path: paths.products },
  { key: 'newApplication', path: paths.newApplication },
  { key: 'analysisStatus', path: paths.analysisStatus },
  { key: 'cards', path: paths.cards },
  { key: 'accounts', path: paths.accounts },
] as const;
