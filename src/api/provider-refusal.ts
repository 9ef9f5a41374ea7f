/**
 * A provider's refusal message read for the operator: many APIs (NestJS's class-validator among them)
 * start each 400 message with the path of the field it is about, "portador.nomeempresa: must not be
 * empty" or "portador.telefones should not be empty". Pure and headless, so any screen can map the path
 * to its own label and input; a message of another shape keeps its text and no path.
 */
export interface ProviderRefusal {
  /** The field path, dotted (`portador.telefones.0.numerododdd`), or null when none was recognised. */
  path: string | null;
  /** The provider's own words, whole (shown beside the app's label, never replaced by it). */
  text: string;
  /** What the provider says about the field, without the path (the whole text when there is none). */
  detail: string;
}

const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_]*';
// A dotted path (`a.b`, `a.b.0.c`, `a[b][0]`) followed by ':' or a space, or one word followed by ':'.
const DOTTED = new RegExp(
  `^(${IDENTIFIER}(?:(?:\\.(?:${IDENTIFIER}|\\d+))|(?:\\[(?:${IDENTIFIER}|\\d+)\\]))+)\\s*:?\\s+(.*)$`,
  's',
);
const SINGLE = new RegExp(`^(${IDENTIFIER})\\s*:\\s*(.*)$`, 's');

function dotted(path: string): string {
  return path.replace(/\[([^\]]+)\]/g, '.$1').replace(/^\./, '');
}

export function readProviderRefusal(text: string, knownRoots: readonly string[] = []): ProviderRefusal {
  const trimmed = text.trim();
  const match = DOTTED.exec(trimmed) ?? SINGLE.exec(trimmed);
  if (!match?.[1]) return { path: null, text, detail: trimmed };
  const path = dotted(match[1]);
  const root = path.split('.')[0] ?? '';
  // With roots given (the request body's top-level names), a leading word outside them is prose.
  if (knownRoots.length > 0 && !knownRoots.includes(root)) return { path: null, text, detail: trimmed };
  return { path, text, detail: (match[2] ?? '').trim() || trimmed };
}

export function readProviderRefusals(
  messages: readonly string[],
  knownRoots: readonly string[] = [],
): ProviderRefusal[] {
  return messages.map((message) => readProviderRefusal(message, knownRoots));
}
