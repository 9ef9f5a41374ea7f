import 'i18next';
import type { AppTexts } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AppTexts };
  }
}
