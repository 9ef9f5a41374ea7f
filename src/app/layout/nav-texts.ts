import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/** The navigation's labels: loaded with the signed-in shell, not with sign-in. */
export const navTexts = defineTexts(
  {
    products: 'Produtos',
    newApplication: 'Nova proposta',
    analysisStatus: 'Análises por CPF',
    cards: 'Cartões',
    accounts: 'Contas',
  },
  {
    products: 'Products',
    newApplication: 'New application',
    analysisStatus: 'Analyses by CPF',
    cards: 'Cards',
    accounts: 'Accounts',
  },
);

export const useNavTranslation = bindTexts('nav', navTexts);
