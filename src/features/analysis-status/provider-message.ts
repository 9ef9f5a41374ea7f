/**
 * One element of `erros` or `alertas` as plain text for the operator. The interface does not show their
 * shape, so any value is accepted: a string as it is; an object by its message, with its code after it
 * ("Comprovante ilegível (A01)") and any other member as "name: value"; an object without a message as
 * "name: value" pairs; anything else as JSON text. The result is always rendered as text, never as HTML.
 */
export function providerMessageText(element: unknown): string {
  if (typeof element === 'string') return element;
  if (typeof element === 'object' && element !== null && !Array.isArray(element)) {
    const entries = Object.entries(element);
    if (entries.length === 0) return '';
    const message = entries.find(([key]) => MESSAGE_KEYS.has(key.toLowerCase()));
    const code = entries.find(([key]) => CODE_KEYS.has(key.toLowerCase()));
    const rest = entries
      .filter((entry) => entry !== message && entry !== code)
      .map(([key, value]) => `${key}: ${valueText(value)}`);
    if (!message) return entries.map(([key, value]) => `${key}: ${valueText(value)}`).join(' · ');
    const head = code ? `${valueText(message[1])} (${valueText(code[1])})` : valueText(message[1]);
    return [head, ...rest].join(' · ');
  }
  return jsonText(element);
}

/** Member names that hold the human text of a note (Portuguese or English providers). */
const MESSAGE_KEYS = new Set(['mensagem', 'message', 'descricao', 'description', 'texto', 'text']);
/** Member names that hold a note's code. */
const CODE_KEYS = new Set(['codigo', 'code', 'cod']);

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
