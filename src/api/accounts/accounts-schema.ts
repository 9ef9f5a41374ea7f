import * as z from 'zod/mini';

/** Account, section 2.5. Balances are plain numbers in the configured money unit. */
export const accountSchema = z.looseObject({
  accountId: z.string(),
  isDefault: z.boolean(),
  balance: z.looseObject({
    total: z.number(),
    blocked: z.number(),
    available: z.number(),
  }),
  taxId: z.string(),
  officialName: z.string(),
  tradeName: z.string(),
  branch: z.string(),
  account: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** Response of GET {accounts_base_url}/v1/account/get-all-accounts/ (section 4.6). */
export const accountListResponseSchema = z.looseObject({
  accounts: z.array(accountSchema),
});
export type AccountListResponse = z.infer<typeof accountListResponseSchema>;
