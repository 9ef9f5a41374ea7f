/**
 * What signing out would throw away: work that lives only in this tab's memory and has not reached the
 * provider or a file (an unsent application, a batch still looking CPFs up, card operations not
 * exported). Each screen's store says what it holds; "Sair" asks first when any holds something.
 *
 * A screen registers its probe when its code loads (a screen never opened holds nothing). A mounted screen
 * may register a newer probe for the same kind (the wizard reads its live form): the newest answers.
 */
export type UnsentWork =
  | { kind: 'draft' }
  | { kind: 'batch'; done: number; total: number }
  | {
      kind: 'journal';
      /** Operations done since the last export. */
      count: number;
      /** Downloads the journal (the way out the question offers). */
      save: () => void;
    };

type Probe = () => UnsentWork | null;

const probes = new Map<UnsentWork['kind'], Probe[]>();

/** Registers `probe` for `kind`; the newest registered for a kind answers. Returns the unregistration. */
export function registerUnsentWork(kind: UnsentWork['kind'], probe: Probe): () => void {
  const list = probes.get(kind) ?? [];
  probes.set(kind, [...list, probe]);
  return () => {
    const current = probes.get(kind) ?? [];
    probes.set(
      kind,
      current.filter((registered) => registered !== probe),
    );
  };
}

/** The unsent work of the tab, one entry per kind that holds some. */
export function unsentWork(): UnsentWork[] {
  const found: UnsentWork[] = [];
  for (const list of probes.values()) {
    const newest = list.at(-1);
    const work = newest?.();
    if (work) found.push(work);
  }
  return found;
}
