import type { Product } from '@/api/schemas/products';

/** Lower-case without accents, so "cartao" finds "Cartão". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');
}

/** Products whose code, name or annual-fee text contains every word of the filter. */
export function filterProducts(products: readonly Product[], filter: string): Product[] {
  const words = foldText(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...products];
  return products.filter((product) => {
    const haystack = foldText(`${product.codigo} ${product.nome} ${product.anuidade}`);
    return words.every((word) => haystack.includes(word));
  });
}
