// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { changeLanguage } from '@/lib/i18n';
import { defineTexts } from '@/lib/texts';
import { bindTexts } from './use-translation';

const useDemoTranslation = bindTexts(
  'demo',
  defineTexts(
    { title: 'Título', greeting: 'Olá, {{name}}' },
    { title: 'Title', greeting: 'Hello, {{name}}' },
  ),
);

// The hook is still mounted here (Testing Library unmounts after this): the reset re-renders it, in act.
afterEach(() => act(() => changeLanguage('pt-BR')));

describe('bindTexts', () => {
  it('registers the texts when the binding module is evaluated, before anything renders', () => {
    const { result } = renderHook(() => useDemoTranslation());
    expect(result.current.t('demo.title')).toBe('Título');
    expect(result.current.t('demo.greeting', { name: 'Ana' })).toBe('Olá, Ana');
  });

  it('re-renders in the new language, with a new t only when the language changes', () => {
    const { result, rerender } = renderHook(() => useDemoTranslation());
    const first = result.current.t;
    rerender();
    expect(result.current.t).toBe(first);
    act(() => result.current.i18n.changeLanguage('en'));
    expect(result.current.i18n.language).toBe('en');
    expect(result.current.t('demo.title')).toBe('Title');
    expect(result.current.t).not.toBe(first);
  });

  it("types its t with the shared keys and its own, not another feature's (checked by tsc)", () => {
    type DemoT = ReturnType<typeof useDemoTranslation>['t'];
    const asked: string[] = [];
    const t: DemoT = (key) => {
      asked.push(key);
      return key;
    };
    t('demo.title');
    t('errors.retry');
    // @ts-expect-error another namespace: its texts come with another chunk
    t('cards.title');
    // @ts-expect-error a key this namespace does not have
    t('demo.subtitle');
    expect(asked).toEqual(['demo.title', 'errors.retry', 'cards.title', 'demo.subtitle']);
  });
});
