import { analysisStatusTexts } from '@/features/analysis-status/texts';
import { accountsTexts } from '@/features/accounts/texts';
import { authTexts } from '@/features/auth/texts';
import { cardsTexts } from '@/features/cards/texts';
import { creditApplicationTexts } from '@/features/credit-application/texts';
import { productsTexts } from '@/features/products/texts';
import { en } from './en';
import { ptBR } from './pt-br';

/**
 * Every UI text: the app's own (shell, errors) plus each feature's, under the feature's key. A feature
 * adds its `texts.ts` here with one line per language.
 */
export const resources = {
  'pt-BR': {
    translation: {
      ...ptBR,
      auth: authTexts['pt-BR'],
      products: productsTexts['pt-BR'],
      analysisStatus: analysisStatusTexts['pt-BR'],
      creditApplication: creditApplicationTexts['pt-BR'],
      cards: cardsTexts['pt-BR'],
      accounts: accountsTexts['pt-BR'],
    },
  },
  en: {
    translation: {
      ...en,
      auth: authTexts.en,
      products: productsTexts.en,
      analysisStatus: analysisStatusTexts.en,
      creditApplication: creditApplicationTexts.en,
      cards: cardsTexts.en,
      accounts: accountsTexts.en,
    },
  },
} as const;

export type AppTexts = (typeof resources)['pt-BR']['translation'];
