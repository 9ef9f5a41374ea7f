/** `11222333000181` → `11.222.333/0001-81`; anything that is not 14 digits is returned as it came. */
export function formatCnpj(taxId: string): string {
  const digits = taxId.trim();
  if (!/^\d{14}$/.test(digits)) return taxId;
  return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
}
