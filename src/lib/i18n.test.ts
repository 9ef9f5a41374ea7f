import { addTexts, changeLanguage, getLanguage, subscribeLanguage, translate, type TFunction } from './i18n';
import { defineTexts } from './texts';

const demo = defineTexts(
  {
    hello: 'Olá, {{name}}',
    count_one: '{{count, number}} produto',
    count_other: '{{count, number}} produtos',
    shown: '{{shown, number}} de {{total, number}}',
    found_zero: 'Nenhuma encontrada',
    found_one: '{{count, number}} encontrada',
    found_other: '{{count, number}} encontradas',
    nested: { deep: 'fundo' },
    bad: '{{value, currency}}',
  },
  {
    hello: 'Hello, {{name}}',
    count_one: '{{count, number}} product',
    count_other: '{{count, number}} products',
    shown: '{{shown, number}} of {{total, number}}',
    found_zero: 'None found',
    found_one: '{{count, number}} found',
    found_other: '{{count, number}} found',
    nested: { deep: 'deep' },
    bad: '{{value, currency}}',
  },
);
addTexts({ 'pt-BR': { demo: demo['pt-BR'] }, en: { demo: demo.en } });

afterEach(() => changeLanguage('pt-BR'));

describe('translate', () => {
  it('reads nested keys and interpolates', () => {
    expect(translate('pt-BR', 'demo.nested.deep')).toBe('fundo');
    expect(translate('pt-BR', 'demo.hello', { name: 'Ana' })).toBe('Olá, Ana');
    expect(translate('en', 'demo.hello', { name: 'Ana' })).toBe('Hello, Ana');
  });

  it('picks the plural form and formats numbers in the language', () => {
    expect(translate('pt-BR', 'demo.count', { count: 1 })).toBe('1 produto');
    expect(translate('pt-BR', 'demo.count', { count: 1234 })).toBe('1.234 produtos');
    expect(translate('en', 'demo.count', { count: 1234 })).toBe('1,234 products');
    expect(translate('en', 'demo.count', { count: 0 })).toBe('0 products');
    expect(translate('pt-BR', 'demo.found', { count: 0 })).toBe('Nenhuma encontrada');
    expect(translate('en', 'demo.found', { count: 0 })).toBe('None found');
    expect(translate('pt-BR', 'demo.found', { count: 2 })).toBe('2 encontradas');
    expect(translate('pt-BR', 'demo.shown', { shown: 10000, total: 12500 })).toBe('10.000 de 12.500');
  });

  it('is loud in development and tests about a missing text, value or format', () => {
    expect(() => translate('pt-BR', 'demo.nope')).toThrow('no text for demo.nope in pt-BR');
    expect(() => translate('en', 'demo.nested')).toThrow('no text for demo.nested in en');
    expect(() => translate('pt-BR', 'demo.hello')).toThrow('no value for {{name}}');
    expect(() => translate('pt-BR', 'demo.bad', { value: 3 })).toThrow('cannot format {{value, currency}}');
    expect(() => translate('pt-BR', 'demo.toString')).toThrow('no text');
  });
});

describe('the language', () => {
  it('tells subscribers when it changes, once per change', () => {
    const heard: string[] = [];
    const stop = subscribeLanguage(() => heard.push(getLanguage()));
    changeLanguage('en');
    changeLanguage('en');
    changeLanguage('pt-BR');
    stop();
    changeLanguage('en');
    expect(heard).toEqual(['en', 'pt-BR']);
  });
});

describe('TFunction', () => {
  it('accepts only the keys of its namespaces (checked by tsc)', () => {
    const asked: string[] = [];
    const t: TFunction = (key) => {
      asked.push(key);
      return key;
    };
    t('errors.retry');
    t('errors.api.timeout', { seconds: 5 });
    // @ts-expect-error a key that does not exist
    t('errors.retyr');
    // @ts-expect-error a feature's key is not shared: its texts may not have loaded yet
    t('products.title');
    expect(asked).toEqual(['errors.retry', 'errors.api.timeout', 'errors.retyr', 'products.title']);
  });
});
