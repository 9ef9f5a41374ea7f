import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/**
 * Why an account cannot get a virtual card, in the operator's words: shared by the cards and accounts
 * screens, and loaded with whichever comes first (not with sign-in).
 */
export const virtualCardCodeTexts = defineTexts(
  {
    account: 'o número da conta',
    accountId: 'o identificador da conta',
    notRequestable: {
      notDigits:
        'Não pode receber cartão virtual: {{fieldLabel}} ({{value}}) não é um número inteiro, e o provedor pede um número.',
      leadingZero:
        'Não pode receber cartão virtual: {{fieldLabel}} ({{value}}) começa com zero e mudaria ao ser enviado como número.',
      tooLarge:
        'Não pode receber cartão virtual: {{fieldLabel}} ({{value}}) é grande demais para ser enviado como número.',
    },
  },
  {
    account: 'the account number',
    accountId: 'the account identifier',
    notRequestable: {
      notDigits:
        'Cannot get a virtual card: {{fieldLabel}} ({{value}}) is not a whole number, and the provider asks for a number.',
      leadingZero:
        'Cannot get a virtual card: {{fieldLabel}} ({{value}}) starts with a zero and would change when sent as a number.',
      tooLarge: 'Cannot get a virtual card: {{fieldLabel}} ({{value}}) is too large to be sent as a number.',
    },
  },
);

export const useVirtualCardCodeTranslation = bindTexts('virtualCardCode', virtualCardCodeTexts);
