/**
 * One element of `erros` or `alertas` as plain text. The interface does not show their shape, so any
 * value is accepted: a string as it is; an object as "key: value" pairs; anything else as JSON text.
 * The result is always rendered as text, never as HTML.
 */
export function providerMessageText(element: unknown): string {
  if (typeof element === 'string') return element;
  if (typeof element === 'object' && element !== null && !Array.isArray(element)) {
    const pairs = Object.entries(element).map(([key, value]) => `${key}: ${valueText(value)}`);
    return pairs.length > 0 ? pairs.join(' · ') : '{}';
  }
  return jsonText(element);
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : jsonText(value);
}

function jsonText(value: unknown): string {
  try {
    // JSON.stringify gives undefined (despite its type) for undefined, functions and symbols.
    const json: unknown = JSON.stringify(value);
    return typeof json === 'string' ? json : String(value);
  } catch {
    return String(value);
  }
}
