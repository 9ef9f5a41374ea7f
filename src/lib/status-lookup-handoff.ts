/**
 * Hands a CPF from one screen to the analysis-status screen in memory, so that the CPF never travels
 * in the URL, history state or title (RELIABILITY.md B1). The credit application hands over the CPF it
 * has just submitted, then navigates to the status screen, which takes it once.
 */
let pendingCpf: string | null = null;

export function handOffCpfForStatusLookup(cpfDigits: string): void {
  pendingCpf = cpfDigits;
}

/** The CPF handed over, if any; taking it clears it. */
export function takeHandedOffCpf(): string | null {
  const cpf = pendingCpf;
  pendingCpf = null;
  return cpf;
}
