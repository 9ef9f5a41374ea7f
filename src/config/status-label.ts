import { localizeLabel } from './config-label';
import type { KnownStatus } from './config-schema';

/** A status that is a code: words of letters and digits joined by underscores ("AGUARDANDO_BIOMETRIA"). */
const CODE = /^[\p{L}\d]+(?:_[\p{L}\d]+)*$/u;

/**
 * An analysis `Status` as an operator reads it: a status the config knows, by its label; an unknown code
 * by its words ("AGUARDANDO_BIOMETRIA" → "Aguardando biometria"); anything else as it came. The caller
 * keeps the provider's code where support can see it. `known` is the status's config entry, if any.
 */
export function statusLabel(status: string, known: KnownStatus | undefined, language: string): string {
  if (known) return localizeLabel(known.label, language);
  if (!CODE.test(status)) return status;
  const words = status.replaceAll('_', ' ').toLocaleLowerCase(language);
  return words.charAt(0).toLocaleUpperCase(language) + words.slice(1);
}
