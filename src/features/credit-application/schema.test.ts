// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditApplicationRequestSchema } from '@/api/schemas/credit-application';
import { defaultDomains } from '@/config/config-schema';
import { formatCep, formatPhoneNumber, UF_CODES } from '@/lib/brazil';
import { cpfCheckDigits, formatCpf } from '@/lib/cpf';
import { isoToBrDate, parseBrDate, toIsoDate, type CalendarDate } from '@/lib/calendar-dates';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money';
import { suggestPrintedName } from '@/lib/printed-name';
import { sampleApplication } from '@/test/sample-application';
import { toCreditApplicationRequest } from './to-request';
import { DUE_DAYS, type RuleContext } from './rules';
import { blankApplication, createSchemas, type ApplicationInput } from './schema';

/** The schemas under `rules`, made once per rules. */
const made = new WeakMap<RuleContext, ReturnType<typeof createSchemas>>();
function schemasFor(rules: RuleContext) {
  const found = made.get(rules);
  if (found) return found;
  const created = createSchemas(rules);
  made.set(rules, created);
  return created;
}

/** The problems the application's schema finds, as `{ path, code }`. */

function applicationIssues(values: ApplicationInput, rules: RuleContext) {
  const parsed = schemasFor(rules).application.safeParse(values);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.message }));
}

/** The body sent for valid `values` (the test fails on invalid ones). */
function bodyOf(values: ApplicationInput, rules: RuleContext) {
  const parsed = schemasFor(rules).application.safeParse(values);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  const request = toCreditApplicationRequest(parsed.data);
  if (!request.ok) throw new Error(request.problem);
  return request.body;
}

// Fewer runs than the pure validators' 1000: each run parses a whole application several times.
const RUNS = { numRuns: 300 };
const PRINTED_MAX = 26;
const PRODUCTS = ['101', '102', '103'];
const DDDS = '11 12 19 21 27 31 38 41 49 51 55 61 69 71 79 81 89 91 99'.split(' ');

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const br = (date: CalendarDate) => `${pad(date.day)}/${pad(date.month)}/${date.year}`;
const chars = (alphabet: string, min: number, max: number) =>
  fc
    .array(fc.constantFrom(...Array.from(alphabet)), { minLength: min, maxLength: max })
    .map((c) => c.join(''));
const digits = (min: number, max: number) => chars('0123456789', min, max);
const maybePadded = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.constantFrom('', ' ', '  ')).map(([value, space]) => `${space}${value}${space}`);

const cpf = digits(9, 9)
  .filter((nine) => !/^(\d)\1*$/.test(nine))
  .map((nine) => `${nine}${cpfCheckDigits(nine)}`);
const word = fc
  .tuple(
    chars('ABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÂÊÔÃÕÇ', 1, 1),
    chars('abcdefghijklmnopqrstuvwxyzáéíóúâêôãõç', 1, 12),
  )
  .map(([first, rest]) => first + rest);
const personName = fc
  .tuple(word, fc.array(fc.oneof(word, fc.constantFrom('da', 'de', 'dos')), { maxLength: 5 }), word)
  .map(([first, middle, last]) => [first, ...middle, last].join(' '));
const domainValue = (entries: readonly { value: string }[]) =>
  fc.constantFrom(...entries.map((e) => e.value));
const optionalText = (max: number) =>
  fc.oneof(
    fc.constant(''),
    chars('abcdefghij ABC0123456789-/', 1, max).filter((t) => t.trim() !== ''),
  );
const requiredText = (max: number) =>
  chars('abcdefghij ABCÇÃ0123456789-', 1, max).filter((t) => t.trim() !== '');

/** A clock and a birth date and identity date that fit it (adult, issued after birth, not in the future). */
const clockAndDates = fc
  .date({ min: new Date(2000, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true })
  .chain((now) => {
    const year = now.getFullYear();
    const day = (from: number, to: number) =>
      fc
        .record({
          year: fc.integer({ min: from, max: to }),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 28 }),
        })
        .map((date): CalendarDate => date);
    return day(year - 110, year - 19).chain((birth) =>
      day(birth.year + 1, year - 1).map((issued) => ({ now, birth, issued })),
    );
  });

const money = fc
  .tuple(fc.constantFrom('centavos' as const, 'reais' as const), fc.integer({ min: 0, max: 99_999_999_99 }))
  .chain(([unit, cents]) => {
    const amount = unit === 'reais' ? cents - (cents % 100) : cents;
    const written = [
      formatMoneyInput(amount),
      `R$ ${formatMoneyInput(amount)}`,
      `${Math.trunc(amount / 100)}.${pad(amount % 100)}`,
    ];
    return fc.constantFrom(...written).map((text) => ({ unit, amount, text }));
  });

const phone = fc.record({
  tipotelefone: domainValue(defaultDomains.tipotelefone),
  numerododdd: maybePadded(fc.constantFrom(...DDDS)),
  numerodotelefone: fc
    .oneof(
      fc.tuple(fc.constantFrom('2', '3', '4', '5'), digits(7, 7)).map(([a, b]) => a + b),
      digits(8, 8).map((rest) => `9${rest}`),
    )
    .chain((number) => fc.constantFrom(number, formatPhoneNumber(number))),
});

const address = fc.record({
  bairro: requiredText(80),
  cep: digits(8, 8).chain((cep) => fc.constantFrom(cep, formatCep(cep), ` ${formatCep(cep)}`)),
  cidade: requiredText(80),
  enderecocorrespondencia: fc.constant(false),
  logradouro: requiredText(120),
  numero: fc.oneof(maybePadded(digits(1, 6)), fc.constantFrom('S/N', 's/n', '1000A', '12 b')),
  pais: fc.constantFrom('Brasil', 'Portugal'),
  tipoendereco: domainValue(defaultDomains.tipoendereco),
  uf: fc.constantFrom(...UF_CODES),
  complemento: optionalText(60),
  pontoreferencia: optionalText(120),
});

const sampleValues = sampleApplication();

/** Valid application form values, with the rules (clock, unit, card fields) they are valid under. */
const validApplication = fc
  .record({
    clock: clockAndDates,
    money,
    cardFields: fc.constantFrom<string[]>([], ['nome'], ['nome', 'parentesco']),
    product: fc.constantFrom(...PRODUCTS),
    knownProducts: fc.boolean(),
    dueDay: fc.constantFrom(...DUE_DAYS.map((day) => day.value)),
    blankOptional: fc.constantFrom('require' as const, 'omit' as const),
    cpf: cpf.chain((value) => fc.constantFrom(value, formatCpf(value), ` ${formatCpf(value)} `)),
    nome: personName,
    nomedamae: personName,
    sexo: domainValue(defaultDomains.sexo),
    estadocivil: domainValue(defaultDomains.estadocivil),
    nationality: fc.constantFrom('BRA', 'bra', 'PRT', ' Usa '),
    email: fc
      .tuple(chars('abcxyz019._+', 1, 20), chars('abcdef', 1, 10), fc.constantFrom('com', 'com.br', 'org'))
      .map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
    documento: fc
      .tuple(chars('0123456789AB', 1, 1), chars('0123456789ABxy./ -', 0, 15))
      .map(([a, b]) => a + b),
    orgao: fc.constantFrom('SSP', 'ssp', 'DETRAN', 'SSP/SP', 'PC - MG'),
    ufDocumento: fc.constantFrom(...UF_CODES),
    profissao: fc.constantFrom(...defaultDomains.profissoes.map((entry) => String(entry.code))),
    empresa: optionalText(120),
    agencia: digits(1, 5),
    conta: fc
      .tuple(digits(1, 12), fc.constantFrom('', '-7', '0', '-X', 'x'))
      .map(([number, check]) => number + check),
    telefones: fc.integer({ min: 1, max: 10 }).chain((n) => fc.array(phone, { minLength: n, maxLength: n })),
    enderecos: fc
      .integer({ min: 1, max: 10 })
      .chain((n) => fc.tuple(fc.array(address, { minLength: n, maxLength: n }), fc.nat({ max: n - 1 })))
      .map(([rows, mailing]) =>
        rows.map((row, index) => ({ ...row, enderecocorrespondencia: index === mailing })),
      ),
    cardCount: fc.integer({ min: 0, max: 5 }),
    cardText: personName,
  })
  .map((g) => {
    const values: ApplicationInput = {
      codigodoproduto: g.product,
      cartaodecredito: { diadovencimento: g.dueDay },
      portador: {
        // A field without a generator here keeps its kind's example.
        ...sampleValues.portador,
        nome: g.nome,
        nomeimpresso: suggestPrintedName(g.nome, PRINTED_MAX),
        nomedamae: g.nomedamae,
        datadenascimento: br(g.clock.birth),
        sexo: g.sexo,
        cpf: g.cpf,
        numerodaidentidade: g.documento,
        orgaoexpedidordaidentidade: g.orgao,
        unidadefederativadaidentidade: g.ufDocumento,
        datadeemissaodaidentidade: br(g.clock.issued),
        estadocivil: g.estadocivil,
        codigodaprofissao: g.profissao,
        siglanacionalidade: g.nationality,
        numerodaagencia: g.agencia,
        numerodacontacorrente: g.conta,
        email: g.email,
        nomeempresa: g.blankOptional === 'require' && g.empresa.trim() === '' ? 'APOSENTADO' : g.empresa,
        valorrenda: g.money.text,
        telefones: g.telefones,
        enderecos: g.enderecos,
        cartoesadicionais: Array.from({ length: g.cardCount }, () =>
          Object.fromEntries(g.cardFields.map((field) => [field, g.cardText])),
        ),
      },
    };
    const rules: RuleContext = {
      domains: defaultDomains,
      printedNameMaxLength: PRINTED_MAX,
      moneyUnit: g.money.unit,
      additionalCardFields: g.cardFields,
      productCodes: () => (g.knownProducts ? PRODUCTS : null),
      blankOptionalFields: g.blankOptional,
      streetNumberWithoutNumber: 'zero-and-complemento',
      now: () => g.clock.now,
    };
    return { values, rules, amount: g.money.amount };
  });

describe('toCreditApplicationRequest', () => {
  it('maps every generated valid application to a body the contract accepts', () => {
    fc.assert(
      fc.property(validApplication, ({ values, rules, amount }) => {
        // The generated values are valid for the form itself...
        expect(applicationIssues(values, rules)).toEqual([]);

        // ...and their body passes the contract's schema, with the exact shapes the interface asks for.
        const body = bodyOf(values, rules);
        const parsed = creditApplicationRequestSchema.safeParse(body);
        expect(parsed.error?.issues ?? []).toEqual([]);
        const { portador } = body;
        expect(portador.cpf).toMatch(/^\d{11}$/);
        expect(formatCpf(portador.cpf)).toBe(formatCpf(values.portador.cpf));
        expect(portador.datadenascimento).toBe(toIsoDate(parseBrDate(values.portador.datadenascimento)!));
        expect(isoToBrDate(portador.datadeemissaodaidentidade)).toBe(
          values.portador.datadeemissaodaidentidade,
        );
        expect(portador.valorrenda).toBe(rules.moneyUnit === 'centavos' ? amount : amount / 100);
        expect(Number.isInteger(portador.valorrenda)).toBe(true);
        expect(parseMoneyInput(values.portador.valorrenda)).toBe(amount);
        expect(portador.siglanacionalidade).toMatch(/^[A-Z]{3}$/);
        expect(body.codigodoproduto).toBe(Number(values.codigodoproduto));
        expect(body.cartaodecredito.diadovencimento).toBe(Number(values.cartaodecredito.diadovencimento));
        expect(portador.telefones).toHaveLength(values.portador.telefones.length);
        for (const sent of portador.telefones) {
          expect(sent.numerododdd).toMatch(/^\d{2}$/);
          expect(sent.numerodotelefone).toMatch(/^\d{8,9}$/);
        }
        expect(portador.enderecos).toHaveLength(values.portador.enderecos.length);
        expect(portador.enderecos.filter((sent) => sent.enderecocorrespondencia)).toHaveLength(1);
        portador.enderecos.forEach((sent, index) => {
          expect(sent.cep).toMatch(/^\d{8}$/);
          expect(Number.isInteger(sent.numero)).toBe(true);
          const typed = values.portador.enderecos[index]?.numero.trim() ?? '';
          if (/^s\/n$/i.test(typed)) {
            expect(sent.numero).toBe(0);
            expect(sent.complemento.startsWith('S/N')).toBe(true);
          } else if (/[a-z]$/i.test(typed)) expect(sent.complemento.startsWith('Nº ')).toBe(true);
          else expect(sent.numero).toBe(Number(typed));
        });
        // Never sent as "": a blank employer is required, or left out when config says it may be.
        if (values.portador.nomeempresa.trim() === '')
          expect(JSON.stringify(body)).not.toContain('"nomeempresa"');
        else expect(portador.nomeempresa).not.toBe('');
        expect(portador.cartoesadicionais).toHaveLength(values.portador.cartoesadicionais.length);
        for (const card of portador.cartoesadicionais)
          expect(Object.keys(card).sort()).toEqual([...rules.additionalCardFields].sort());
        expect(JSON.parse(JSON.stringify(body))).toEqual(JSON.parse(JSON.stringify(body)));
      }),
      RUNS,
    );
  });

  it('sends additional cards as {} when the config names no fields', () => {
    fc.assert(
      fc.property(validApplication, ({ values, rules }) => {
        const body = bodyOf(values, { ...rules, additionalCardFields: [] });
        for (const card of body.portador.cartoesadicionais) expect(card).toEqual({});
      }),
      { numRuns: 200 },
    );
  });
});

describe('the step schemas (the clock is injected)', () => {
  it('reports a changed CPF check digit at portador.cpf and nowhere else', () => {
    fc.assert(
      fc.property(validApplication, fc.integer({ min: 1, max: 9 }), ({ values, rules }, shift) => {
        const raw = values.portador.cpf.replace(/\D/g, '');
        const broken = `${raw.slice(0, 10)}${(Number(raw[10]) + shift) % 10}`;
        const issues = applicationIssues({ ...values, portador: { ...values.portador, cpf: broken } }, rules);
        expect(issues).toEqual([{ path: 'portador.cpf', code: 'cpf' }]);
      }),
      RUNS,
    );
  });

  it('refuses a birth date that makes a minor, and accepts the 18th birthday itself', () => {
    fc.assert(
      fc.property(validApplication, fc.integer({ min: 1, max: 17 }), ({ values, rules }, age) => {
        const today = rules.now();
        const at = (years: number) =>
          br({ year: today.getFullYear() - years, month: today.getMonth() + 1, day: today.getDate() });
        fc.pre(!(today.getMonth() === 1 && today.getDate() === 29));
        const withBirth = (birth: string) =>
          applicationIssues(
            {
              ...values,
              portador: {
                ...values.portador,
                datadenascimento: birth,
                datadeemissaodaidentidade: br({
                  year: today.getFullYear(),
                  month: today.getMonth() + 1,
                  day: today.getDate(),
                }),
              },
            },
            rules,
          ).filter((issue) => issue.path === 'portador.datadenascimento');
        expect(withBirth(at(age))).toEqual([{ path: 'portador.datadenascimento', code: 'adult' }]);
        expect(withBirth(at(18))).toEqual([]);
      }),
      RUNS,
    );
  });

  it('refuses an identity issued before birth or after today', () => {
    fc.assert(
      fc.property(validApplication, fc.integer({ min: 1, max: 3000 }), ({ values, rules }, days) => {
        const shifted = (from: Date, by: number) => {
          const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + by);
          return br({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
        };
        const issuedOn = (issued: string) =>
          applicationIssues(
            { ...values, portador: { ...values.portador, datadeemissaodaidentidade: issued } },
            rules,
          ).map((issue) => issue.code);
        const birth = parseBrDate(values.portador.datadenascimento)!;
        expect(issuedOn(shifted(rules.now(), days))).toEqual(['issuedInFuture']);
        expect(issuedOn(shifted(new Date(birth.year, birth.month - 1, birth.day), -days))).toEqual([
          'issuedBeforeBirth',
        ]);
        expect(issuedOn(shifted(rules.now(), 0))).toEqual([]);
      }),
      RUNS,
    );
  });
});

const sample = fc.sample(validApplication, { numRuns: 1, seed: 42 })[0];

describe('forgiving input and no silent truncation', () => {
  if (!sample) throw new Error('no sample');
  const { values, rules } = sample;
  const withPortador = (changes: Partial<ApplicationInput['portador']>, extra: Partial<RuleContext> = {}) =>
    applicationIssues({ ...values, portador: { ...values.portador, ...changes } }, { ...rules, ...extra });

  it('reads dates typed 1/4/1988, 01041988 or pasted 1988-04-01 as 01/04/1988', () => {
    for (const typed of ['1/4/1988', '01041988', '1988-04-01']) {
      const body = bodyOf(
        {
          ...values,
          portador: { ...values.portador, datadenascimento: typed, datadeemissaodaidentidade: '02/04/2006' },
        },
        { ...rules, now: () => new Date(2026, 0, 1) },
      );
      expect(body.portador.datadenascimento).toBe('1988-04-01');
    }
    expect(withPortador({ datadenascimento: '14/19/88' }).map((issue) => issue.code)).toContain('date');
  });

  it('refuses a branch with its check digit instead of cutting it', () => {
    expect(withPortador({ numerodaagencia: '0001-9' })).toEqual([
      { path: 'portador.numerodaagencia', code: 'branchCheckDigit' },
    ]);
    expect(withPortador({ numerodaagencia: '123456' })).toEqual([
      { path: 'portador.numerodaagencia', code: 'branch' },
    ]);
  });

  it('refuses a printed name over the length instead of cutting it, and takes ’ as an apostrophe', () => {
    const nome = 'Joana Maria de Lourdes D’Ávila';
    expect(withPortador({ nome, nomeimpresso: 'JOANA MARIA DE LOURDES DAVILA' })).toEqual([
      { path: 'portador.nomeimpresso', code: 'printedNameLength' },
    ]);
    expect(withPortador({ nomeimpresso: 'JOANA D’AVILA', nome: 'Joana D’Ávila' })).toEqual([]);
  });

  it('refuses a printed word that is not a word of the full name (or its initial) before saying it is long', () => {
    const nome = 'José da Silva Santos';
    expect(withPortador({ nome, nomeimpresso: 'JOSE S SANTOS' })).toEqual([]);
    // Typed into the suggestion: short enough, one word run into another.
    expect(withPortador({ nome, nomeimpresso: 'JOSE SILVAJOSE S' })).toEqual([
      { path: 'portador.nomeimpresso', code: 'printedNameWords' },
    ]);
    // Too long as well: the foreign word is the cause named.
    expect(withPortador({ nome, nomeimpresso: 'JOSE DA SILVA SANTOSJOSE S SANTOS' })).toEqual([
      { path: 'portador.nomeimpresso', code: 'printedNameWords' },
    ]);
    // Typed twice, with a space.
    expect(withPortador({ nome, nomeimpresso: 'JOSE SILVA JOSE S' })).toEqual([
      { path: 'portador.nomeimpresso', code: 'printedNameWords' },
    ]);
    // A character that cannot be printed is said first.
    expect(withPortador({ nome, nomeimpresso: 'JOSE 2' })).toEqual([
      { path: 'portador.nomeimpresso', code: 'printedName' },
    ]);
  });

  it('asks for the employer unless config says a blank one may be left out', () => {
    expect(withPortador({ nomeempresa: ' ' }, { blankOptionalFields: 'require' })).toEqual([
      { path: 'portador.nomeempresa', code: 'required' },
    ]);
    expect(withPortador({ nomeempresa: ' ' }, { blankOptionalFields: 'omit' })).toEqual([]);
  });

  it('refuses S/N when config says the provider wants a number', () => {
    // The other rows hold a number, whatever the sample drew for them.
    const rows = values.portador.enderecos.map((row, index) => ({
      ...row,
      numero: index === 0 ? 'S/N' : '100',
    }));
    expect(withPortador({ enderecos: rows }, { streetNumberWithoutNumber: 'refuse' })).toEqual([
      { path: 'portador.enderecos.0.numero', code: 'streetNumberNoSn' },
    ]);
  });

  it('starts blank with one phone and one mailing address, each with its first type', () => {
    const blank = blankApplication(rules);
    expect(blank.portador.telefones).toEqual([
      { numerododdd: '', numerodotelefone: '', tipotelefone: defaultDomains.tipotelefone[0]?.value },
    ]);
    expect(blank.portador.enderecos).toHaveLength(1);
    expect(blank.portador.enderecos[0]?.enderecocorrespondencia).toBe(true);
    expect(blank.portador.enderecos[0]?.pais).toBe('Brasil');
    expect(blank.portador.siglanacionalidade).toBe('BRA');
    expect(blank.portador.cartoesadicionais).toEqual([]);
  });
});

describe('one step at a time', () => {
  if (!sample) throw new Error('no sample');
  const { values, rules } = sample;
  const issuesOf = (step: keyof ReturnType<typeof createSchemas>['steps'], typed: ApplicationInput) => {
    const parsed = schemasFor(rules).steps[step].safeParse(typed);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
  };

  it("judges a step's own fields only: a blank form fails step 3 on step 3's fields", () => {
    const blank = blankApplication(rules);
    expect(issuesOf('document', blank)).toEqual([
      'portador.numerodaidentidade',
      'portador.unidadefederativadaidentidade',
      'portador.datadeemissaodaidentidade',
    ]);
    expect(issuesOf('phones', blank)).toEqual([
      'portador.telefones.0.numerododdd',
      'portador.telefones.0.numerodotelefone',
    ]);
    expect(issuesOf('additionalCards', blank)).toEqual([]);
  });

  it('checks the identity against the birth date of step 2, and the printed name against the name', () => {
    const issuedEarly = {
      ...values,
      portador: { ...values.portador, datadeemissaodaidentidade: '01/01/1900' },
    };
    expect(issuesOf('document', issuedEarly)).toEqual(['portador.datadeemissaodaidentidade']);
    const otherName = { ...values, portador: { ...values.portador, nomeimpresso: 'OUTRO NOME' } };
    expect(issuesOf('personal', otherName)).toEqual(['portador.nomeimpresso']);
    expect(issuesOf('document', otherName)).toEqual([]);
  });
});
