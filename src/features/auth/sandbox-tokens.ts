/** The sandbox's fixed tokens (docs/sandbox.md), offered as one-click sign-in in sandbox mode only. */
export const sandboxTokens = [
  { token: 'sandbox-operator', labelKey: 'auth.sandboxOperator' },
  { token: 'sandbox-analyst', labelKey: 'auth.sandboxAnalyst' },
  { token: 'sandbox-expired', labelKey: 'auth.sandboxExpired' },
] as const;
