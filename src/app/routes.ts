/** The signed-in screens, in the order the navigation drawer lists them. Paths never hold personal data. */
export const navigationItems = [
  { key: 'products', path: '/produtos' },
  { key: 'newApplication', path: '/proposta/nova' },
  { key: 'analysisStatus', path: '/analises' },
  { key: 'cards', path: '/cartoes' },
  { key: 'accounts', path: '/contas' },
] as const;
