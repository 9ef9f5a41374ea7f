import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';

/**
 * The address of a CEP from a CEP service answering in ViaCEP's shape (the de facto standard; the sandbox
 * serves the same shape for its seeded CEPs). Not the provider's interface: no bearer token, no cookies,
 * no referrer go to it. A lookup only ever helps: any failure (service down, absent, slow, unknown CEP,
 * odd body) gives null and the operator types the address.
 */
export const viaCepSchema = z.looseObject({
  logradouro: z.optional(z.string()),
  bairro: z.optional(z.string()),
  localidade: z.optional(z.string()),
  uf: z.optional(z.string()),
  /** ViaCEP answers 200 with `"erro": true` (or "true") for a CEP it does not know. */
  erro: z.optional(z.union([z.boolean(), z.string()])),
});

export interface CepAddress {
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

const LOOKUP_TIMEOUT_MS = 4000;

/** `template` with `{cep}` replaced by the 8 digits; relative templates resolve against this page. */
export function cepLookupUrl(template: string, cep: string): string {
  return template.replace('{cep}', encodeURIComponent(cep));
}

/** The address of `cep` (8 digits), or null when the service cannot tell. Never throws. */
export async function lookupCep(
  template: string,
  cep: string,
  signal?: AbortSignal,
): Promise<CepAddress | null> {
  if (!/^\d{8}$/.test(cep)) return null;
  try {
    const timeout = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
    const response = await fetch(cepLookupUrl(template, cep), {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) return null;
    const parsed = viaCepSchema.safeParse(await response.json());
    if (!parsed.success || parsed.data.erro === true || parsed.data.erro === 'true') return null;
    const { logradouro = '', bairro = '', localidade = '', uf = '' } = parsed.data;
    if (logradouro === '' && bairro === '' && localidade === '' && uf === '') return null;
    return { logradouro, bairro, localidade, uf };
  } catch {
    return null;
  }
}

export const cepQueries = {
  all: () => ['cep'] as const,
  /** A CEP's address does not change while the tab is open; failures are not retried (typing goes on). */
  byCep: (template: string, cep: string) =>
    queryOptions({
      queryKey: [...cepQueries.all(), template, cep] as const,
      queryFn: ({ signal }) => lookupCep(template, cep, signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
};
