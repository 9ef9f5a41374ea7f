import { formatCnpj } from './cnpj';

describe('formatCnpj', () => {
  it('formats 14 digits as 00.000.000/0000-00', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
  it('leaves anything else as it came (the provider may send it formatted)', () => {
    expect(formatCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(formatCnpj('123')).toBe('123');
  });
});
