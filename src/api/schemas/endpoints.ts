/**
 * The interface's paths, exactly as written (section 4), trailing slashes included.
 * Path parameters are URL-encoded so that a stray character can never change the path.
 */
export const endpoints = {
  products: () => '/v1/products/',
  creditRequest: () => '/v1/request/credit/',
  analysisStatus: (document: string) => `/v1/cards/request/${encodeURIComponent(document)}/`,
  createVirtualCard: () => '/v1/cards/create/virtual/',
  cancelCard: (cardCode: number | string) => `/v1/cards/cancel/${encodeURIComponent(String(cardCode))}/`,
  allAccounts: () => '/v1/account/get-all-accounts/',
} as const;

/** Which base address an endpoint lives under (section 1). */
export type ApiBase = 'base' | 'accounts';
