import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/** The copy button's texts: loaded with the screens that show a code (wizard, status lookup, cards), not with sign-in. */
export const copyCodeTexts = defineTexts(
  {
    copy: 'Copiar o código {{code}}',
    copied: 'Copiado',
    copyFailed: 'Não foi possível copiar; selecione o código e use Ctrl+C.',
  },
  {
    copy: 'Copy code {{code}}',
    copied: 'Copied',
    copyFailed: 'Could not copy; select the code and press Ctrl+C.',
  },
);

export const useCopyCodeTranslation = bindTexts('copyCode', copyCodeTexts);
