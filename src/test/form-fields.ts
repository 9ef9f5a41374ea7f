/**
 * The input or select whose `name` is `name` (in the wizard, its path in the request body), the first in
 * document order. By `getElementsByName`, not a `[name="…"]` selector: jsdom's selector engine walks the
 * whole page for an attribute selector, tens of milliseconds a call in a wizard step with rows.
 */
export function fieldNamed(name: string): HTMLInputElement | HTMLSelectElement {
  for (const element of document.getElementsByName(name))
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) return element;
  throw new Error(`no field named ${name}`);
}

/**
 * Every input whose `name` ends with `suffix` (`.numerodotelefone`: that field of every row), in document
 * order; by tag, for the same reason as `fieldNamed`.
 */
export function inputsNamedEnding(suffix: string): HTMLInputElement[] {
  return [...document.getElementsByTagName('input')].filter((input) => input.name.endsWith(suffix));
}
