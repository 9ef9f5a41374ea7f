import * as z from 'zod/mini';

/** Product, section 2.1. `anuidade` is free text and is always rendered as text. */
export const productSchema = z.looseObject({
  codigo: z.string(),
  nome: z.string(),
  anuidade: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** Response of GET {base_url}/v1/products/ (section 4.1). */
export const productListResponseSchema = z.looseObject({
  conteudo: z.looseObject({
    produtos: z.array(productSchema),
  }),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;
