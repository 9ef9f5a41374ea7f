import { paths } from '@/config/paths';

/**
 * The sandbox's fixed tokens (docs/sandbox.md), offered as one-click sign-in in sandbox mode only, each
 * with the screen its person starts the day on (an analyst looks CPFs up).
 */
export const sandboxTokens = [
  { token: 'sandbox-operator', labelKey: 'auth.sandboxOperator', home: paths.products },
  { token: 'sandbox-analyst', labelKey: 'auth.sandboxAnalyst', home: paths.analysisStatus },
  { token: 'sandbox-expired', labelKey: 'auth.sandboxExpired', home: paths.products },
] as const;
