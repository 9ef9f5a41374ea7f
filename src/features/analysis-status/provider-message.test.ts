import { providerMessageText } from './provider-message';

describe('providerMessageText', () => {
  it.each([
    ['Biometria pendente', 'Biometria pendente'],
    [{ codigo: 'A01', mensagem: 'Comprovante ilegível' }, 'Comprovante ilegível (A01)'],
    [{ code: 'E7', message: 'Document expired' }, 'Document expired (E7)'],
    [{ mensagem: 'Renda acima do limite', campo: 'valorrenda' }, 'Renda acima do limite · campo: valorrenda'],
    [{ codigo: 7, detalhe: { campo: 'cpf' }, ok: null }, 'codigo: 7 · detalhe: {"campo":"cpf"} · ok: null'],
    [{}, ''],
    [42, '42'],
    [true, 'true'],
    [null, 'null'],
    [['a', 1], '["a",1]'],
    [undefined, 'undefined'],
    ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
  ])('%j → %s', (element, text) => {
    expect(providerMessageText(element)).toBe(text);
  });
});
