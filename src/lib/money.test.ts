import { formatMoney, toReais } from './money';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money', () => {
  it('reads amounts in centavos or reais', () => {
    expect(toReais(12345, 'centavos')).toBe(123.45);
    expect(toReais(12345, 'reais')).toBe(12345);
  });

  it('formats as Brazilian reais, negatives visible', () => {
    expect(nbsp(formatMoney(123456, 'centavos'))).toBe('R$ 1.234,56');
    expect(nbsp(formatMoney(-1000, 'centavos'))).toBe('-R$ 10,00');
    expect(nbsp(formatMoney(10, 'reais'))).toBe('R$ 10,00');
    expect(nbsp(formatMoney(123456, 'centavos', 'en'))).toBe('R$1,234.56');
  });
});
