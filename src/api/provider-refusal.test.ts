// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readProviderRefusal, readProviderRefusals } from './provider-refusal';

describe('readProviderRefusal', () => {
  it('finds the field path at the start of a message, keeping the provider text', () => {
    expect(readProviderRefusal('portador.nomeempresa: must not be empty')).toEqual({
      path: 'portador.nomeempresa',
      text: 'portador.nomeempresa: must not be empty',
      detail: 'must not be empty',
    });
    expect(readProviderRefusal('portador.telefones should not be empty').path).toBe('portador.telefones');
    expect(readProviderRefusal('portador.enderecos.0.cep must be 8 digits').path).toBe(
      'portador.enderecos.0.cep',
    );
    expect(readProviderRefusal('portador[telefones][1].numerododdd: invalid').path).toBe(
      'portador.telefones.1.numerododdd',
    );
    expect(readProviderRefusal('cardCode: must be an integer').path).toBe('cardCode');
  });

  it('falls back to the text alone for unknown shapes', () => {
    for (const text of ['Tente novamente mais tarde', 'CPF já possui proposta em análise', '', 'a. b c'])
      expect(readProviderRefusal(text)).toEqual({ path: null, text, detail: text.trim() });
  });

  it('with known roots, a leading word outside them is prose', () => {
    expect(readProviderRefusals(['Valor: inválido', 'portador.cpf: inválido'], ['portador'])).toEqual([
      { path: null, text: 'Valor: inválido', detail: 'Valor: inválido' },
      { path: 'portador.cpf', text: 'portador.cpf: inválido', detail: 'inválido' },
    ]);
  });
});
