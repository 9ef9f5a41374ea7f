import { routeName } from './route-name';

describe('routeName: what a report says instead of the address', () => {
  it('names each screen, a wizard step by its screen only', () => {
    expect(routeName('/')).toBe('home');
    expect(routeName('/entrar')).toBe('sign-in');
    expect(routeName('/entrar/retorno/popup')).toBe('sign-in-callback');
    expect(routeName('/produtos')).toBe('products');
    expect(routeName('/proposta/nova/dados-pessoais')).toBe('credit-application');
    expect(routeName('/analises')).toBe('analysis-status');
    expect(routeName('/analises/lote')).toBe('analysis-batch');
    expect(routeName('/cartoes')).toBe('cards');
    expect(routeName('/contas')).toBe('accounts');
  });

  it('never passes an unknown path on, whatever it holds', () => {
    for (const path of ['/52998224725', '/produtos52998224725', '/contasx', '/maria-da-silva']) {
      expect(routeName(path)).toBe('not-found');
    }
  });
});
