import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from './http-client';
import { endpoints } from './endpoints';
import { productListResponseSchema, type Product } from './schemas/products';

export async function fetchProducts(http: HttpClient, signal?: AbortSignal): Promise<Product[]> {
  const body = await http.request({
    ...endpoints.products.request(),
    schema: productListResponseSchema,
    signal,
  });
  return body.conteudo.produtos;
}

/** Query options for the credit products (section 4.1). */
export const productQueries = {
  all: () => ['products'] as const,
  list: (http: HttpClient) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => fetchProducts(http, signal),
      // The catalogue changes rarely; the operator gets it again on a retry or a reload.
      staleTime: 5 * 60_000,
      // The screens' route loaders ask for it on every visit: a failure met before the screen mounted is
      // the screen's to show (with its retry), not asked again behind a spinner.
      retryOnMount: false,
    }),
};
