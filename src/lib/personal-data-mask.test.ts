import { errorObjectForSupport, maskCpfRuns, maskPastedLine } from './personal-data-mask';

describe('personal-data-mask', () => {
  it('masks CPFs written any usual way, and longer digit runs; leaves short numbers', () => {
    expect(maskCpfRuns('CPF 529.982.247-25 recusado')).toBe('CPF ***.***.***-** recusado');
    expect(maskCpfRuns('cpf=52998224725;')).toBe('cpf=***********;');
    expect(maskCpfRuns('529 982 247 25')).toBe('*** *** *** **');
    expect(maskCpfRuns('conta 123456789012345')).toBe('conta ***************');
    expect(maskCpfRuns('renda abaixo de 1500, código 4711')).toBe('renda abaixo de 1500, código 4711');
  });

  it('masks a pasted line: every letter, every digit but the last four', () => {
    expect(maskPastedLine('Maria José da Silva')).toBe('***** **** ** *****');
    expect(maskPastedLine('529.982.247-2')).toBe('***.***.247-2');
    expect(maskPastedLine('529982247x25')).toBe('*******47*25');
  });

  it('keeps an Error object’s shape and status, never its texts', () => {
    const safe = errorObjectForSupport(
      {
        statusCode: 400,
        error: 'Bad Request',
        message: ['CPF 52998224725 de Maria José da Silva já possui proposta'],
        titular: { nome: 'Maria José da Silva', cpf: 52998224725, idade: 41 },
        '52998224725': true,
      },
      'omitido',
    );
    expect(safe).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['omitido'],
      titular: { nome: 'omitido', cpf: 'omitido', idade: 41 },
      'omitido 1': true,
    });
    expect(JSON.stringify(safe)).not.toMatch(/\d{11}|Maria/);
    // An `error` that is no reason phrase is a text like any other.
    expect(errorObjectForSupport({ error: 'Maria 529.982.247-25', statusCode: 409 }, 'x')).toEqual({
      error: 'x',
      statusCode: 409,
    });
  });
});
