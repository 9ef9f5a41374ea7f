import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';
import type { NavigationScreen } from '../screens';

/**
 * The navigation's labels, one per screen it lists (screens.ts; the compiler holds the table to that
 * list): loaded with the signed-in shell, not with sign-in.
 */
export const navTexts = defineTexts(
  {
    products: 'Produtos',
    newApplication: 'Nova proposta',
    analysisStatus: 'Análises por CPF',
    cards: 'Cartões',
    accounts: 'Contas',
  } satisfies Record<NavigationScreen, string>,
  {
    products: 'Products',
    newApplication: 'New application',
    analysisStatus: 'Analyses by CPF',
    cards: 'Cards',
    accounts: 'Accounts',
  },
);

export const useNavTranslation = bindTexts('nav', navTexts);
