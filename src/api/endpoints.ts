/** Which base address an endpoint lives under (section 1). */
export type ApiBase = 'base' | 'accounts';

/** A template with a `{parameter}` takes its value; one without takes nothing. */
type PathArgs<T extends string> = T extends `${string}{${string}}${string}` ? [value: string | number] : [];

/**
 * One endpoint of the interface, defined once: its method, base and path template exactly as written
 * (section 4, trailing slash included). From the template come
 * - the path itself: `endpoints.cancelCard(5001)` → `/v1/cards/cancel/5001/`; the parameter is
 *   URL-encoded, so that a stray character can never change the path;
 * - the template for messages (`pathTemplate`), which never holds personal data such as a CPF;
 * - the sandbox's route pattern (`pattern`, `:name` for a parameter).
 */
function endpoint<const T extends string>(method: 'GET' | 'POST', base: ApiBase, template: T) {
  const path = (...args: PathArgs<T>): string => {
    const [value] = args as [string | number | undefined];
    return value === undefined ? template : template.replace(/\{\w+\}/, encodeURIComponent(String(value)));
  };
  return Object.assign(path, {
    method,
    base,
    template,
    pattern: template.replace(/\{(\w+)\}/g, ':$1'),
    /** What the HTTP client needs to call it (src/api/http-client.ts). */
    request: (...args: PathArgs<T>) => ({ method, base, path: path(...args), pathTemplate: template }),
  });
}

export const endpoints = {
  products: endpoint('GET', 'base', '/v1/products/'),
  creditRequest: endpoint('POST', 'base', '/v1/request/credit/'),
  analysisStatus: endpoint('GET', 'base', '/v1/cards/request/{document}/'),
  createVirtualCard: endpoint('POST', 'base', '/v1/cards/create/virtual/'),
  cancelCard: endpoint('POST', 'base', '/v1/cards/cancel/{cardCode}/'),
  allAccounts: endpoint('GET', 'accounts', '/v1/account/get-all-accounts/'),
};
