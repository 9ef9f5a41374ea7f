import type { Account } from '@/api/schemas/accounts';
import type { Product } from '@/api/schemas/products';
import { cnpjCheckDigits } from './cnpj';
import { createRandom, type Random } from './prng';

/**
 * The sandbox's seeded data. Everything is a pure function of the seed, so tests, docs and people can name
 * a CPF, an account or a card and find it on every run. All CPFs and CNPJs carry valid check digits.
 */

export const DEFAULT_SEED = 20_260_101;
export const DEFAULT_ACCOUNT_COUNT = 30;

/** Text that looks like HTML, so the app can prove it renders server text as text (RELIABILITY.md C3). */
export const HTML_LIKE_PRODUCT_NAME = '<img src=x onerror=window.__x=1> Cartão Teste';

export const seedProducts: readonly Product[] = [
  {
    codigo: '101',
    nome: 'Cartão Essencial Nacional',
    anuidade: 'Sem anuidade',
  },
  {
    codigo: '102',
    nome: 'Cartão Gold Internacional',
    anuidade: '12x de R$ 35,00; isenta com gastos acima de R$ 2.000,00/mês',
  },
  {
    codigo: '103',
    nome: 'Cartão Platinum Viagens',
    anuidade: '12x de R$ 59,90; isenta para investimentos acima de R$ 50.000,00',
  },
  {
    codigo: '104',
    nome: 'Cartão Empresarial Business',
    anuidade: 'R$ 240,00 por ano, cobrada em parcela única no primeiro mês',
  },
  {
    codigo: '105',
    nome: 'Cartão Universitário',
    anuidade: 'Isenta no primeiro ano; depois 12x de R$ 9,90',
  },
  {
    codigo: '106',
    nome: HTML_LIKE_PRODUCT_NAME,
    anuidade: 'Produto de teste do sandbox: sem anuidade',
  },
];

/** Seeded CPFs by role. The docs (docs/sandbox.md) list the same values. */
export const seededCpfs = {
  /** One analysis, APROVADO. */
  approved: '52998224725',
  /** Two analyses: EM_ANALISE (newest) and REPROVADO. */
  underReviewAndDeclined: '11144477735',
  /** PENDENTE_DOCUMENTACAO, with `alertas` as objects `{codigo, mensagem}`. */
  pendingDocuments: '12345678909',
  /** A Status the app does not know (AGUARDANDO_BIOMETRIA), with `alertas` as strings. */
  unknownStatus: '98765432100',
  /** One CANCELADO analysis and a non-empty `erros`. */
  withErrors: '39053344705',
  /** `sucesso: false`, no results, one error. */
  failedLookup: '45317828791',
  /** 25 analyses: page 1 of 3, 10 results shown. */
  paginated: '27548360983',
  /** No analyses; a new application for it is APROVADO after the decision delay (last digit even). */
  freshApproves: '06247311974',
  /** No analyses; a new application for it is REPROVADO after the decision delay (last digit odd). */
  freshDeclines: '84127503653',
} as const;

export type AnalysisNote = string | { codigo: string; mensagem: string };

export interface SeedAnalysis {
  CodigoParaAcompanhamento: string;
  Status: string;
}

/** What a status lookup of one CPF holds besides its analyses. */
export interface SeedLookup {
  /** Oldest first; the lookup shows newest first. */
  analyses: SeedAnalysis[];
  erros: AnalysisNote[];
  alertas: AnalysisNote[];
  sucesso: boolean;
}

export function trackingCode(year: number, sequence: number): string {
  return `PRP-${year}-${String(sequence).padStart(6, '0')}`;
}

/** Sequence numbers of submitted applications start here, clear of the seeded ones. */
export const FIRST_SUBMITTED_SEQUENCE = 1000;

export function seedLookups(): Map<string, SeedLookup> {
  const code = (sequence: number) => trackingCode(2026, sequence);
  const lookups = new Map<string, SeedLookup>();
  const plain = (analyses: SeedAnalysis[]): SeedLookup => ({
    analyses,
    erros: [],
    alertas: [],
    sucesso: true,
  });

  lookups.set(seededCpfs.approved, plain([{ CodigoParaAcompanhamento: code(123), Status: 'APROVADO' }]));
  lookups.set(
    seededCpfs.underReviewAndDeclined,
    plain([
      { CodigoParaAcompanhamento: code(124), Status: 'REPROVADO' },
      { CodigoParaAcompanhamento: code(131), Status: 'EM_ANALISE' },
    ]),
  );
  lookups.set(seededCpfs.pendingDocuments, {
    ...plain([{ CodigoParaAcompanhamento: code(125), Status: 'PENDENTE_DOCUMENTACAO' }]),
    alertas: [
      { codigo: 'A01', mensagem: 'Comprovante de renda ilegível' },
      { codigo: 'A07', mensagem: 'Comprovante de residência com mais de 90 dias' },
    ],
  });
  lookups.set(seededCpfs.unknownStatus, {
    ...plain([{ CodigoParaAcompanhamento: code(126), Status: 'AGUARDANDO_BIOMETRIA' }]),
    alertas: ['Biometria facial pendente no aplicativo', 'Prazo para biometria: 7 dias'],
  });
  lookups.set(seededCpfs.withErrors, {
    ...plain([{ CodigoParaAcompanhamento: code(127), Status: 'CANCELADO' }]),
    erros: [{ codigo: 'E12', mensagem: 'Divergência de dados cadastrais na Receita Federal' }],
  });
  lookups.set(seededCpfs.failedLookup, {
    analyses: [],
    erros: ['Não foi possível consultar o bureau de crédito. Tente novamente mais tarde.'],
    alertas: [],
    sucesso: false,
  });
  const cycle = ['REPROVADO', 'CANCELADO', 'APROVADO', 'REPROVADO', 'CANCELADO'];
  lookups.set(
    seededCpfs.paginated,
    plain(
      Array.from({ length: 25 }, (_, index) => ({
        CodigoParaAcompanhamento: code(200 + index),
        Status: cycle[index % cycle.length] ?? 'REPROVADO',
      })),
    ),
  );
  return lookups;
}

/** Seeded card codes; each can be cancelled once. */
export const SEEDED_CARD_CODES: readonly number[] = Array.from({ length: 10 }, (_, index) => 5001 + index);
/** Account ids are numeric strings so the app can send `Number(accountId)` as the virtual-card `account`. */
export const FIRST_ACCOUNT_ID = 100_001;

const businesses: ReadonlyArray<readonly [trade: string, official: string]> = [
  ['Padaria', 'Panificadora'],
  ['Mercado', 'Comércio de Alimentos'],
  ['Auto Peças', 'Comércio de Peças Automotivas'],
  ['Farmácia', 'Drogaria'],
  ['Construtora', 'Construções e Incorporações'],
  ['Transportes', 'Transportadora e Logística'],
  ['Restaurante', 'Serviços de Alimentação'],
  ['Distribuidora', 'Distribuidora de Bebidas'],
  ['Ótica', 'Comércio Óptico'],
  ['Papelaria', 'Artigos de Papelaria'],
  ['Clínica', 'Serviços Médicos'],
  ['Agropecuária', 'Insumos Agropecuários'],
  ['Tech', 'Tecnologia da Informação'],
  ['Academia', 'Atividades Físicas'],
  ['Livraria', 'Comércio de Livros'],
];

const names: readonly string[] = [
  'Horizonte',
  'São Jorge',
  'Bom Jesus',
  'Estrela do Sul',
  'Pantanal',
  'Serra Azul',
  'Boa Vista',
  'Ipê Amarelo',
  'Jequitibá',
  'Nova Esperança',
  'Atlântico',
  'Cerrado',
  'Maré Alta',
  'Sabiá',
  'Vale Verde',
  'Três Irmãos',
];

function accountNumber(random: Random): string {
  const digits = String(random.int(10_000, 99_999));
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) sum += Number(digits[index]) * (index + 2);
  return `${digits}-${sum % 10}`;
}

/** Distinct for every index below 10^8: 7_919 is prime, so coprime with 10^8. */
function cnpj(index: number): string {
  const root = String((12_345_678 + index * 7_919) % 100_000_000).padStart(8, '0');
  const twelve = `${root}0001`;
  return `${twelve}${cnpjCheckDigits(twelve)}`;
}

/** Integer cents. Some accounts are overdrawn (negative total) and some have blocked amounts. */
function balance(index: number, random: Random): Account['balance'] {
  const total = index % 7 === 3 ? -random.int(1_000, 250_000) : random.int(0, 50_000_000);
  const blocked = index % 5 === 2 ? random.int(1_000, 400_000) : 0;
  return { total, blocked, available: total - blocked };
}

/**
 * `count` accounts; the first is the only default one. Linear and allocation-light: 10,000 accounts take
 * a few milliseconds.
 */
export function generateAccounts(count: number, seed: number = DEFAULT_SEED): Account[] {
  const random = createRandom(seed);
  const accounts: Account[] = [];
  for (let index = 0; index < count; index += 1) {
    // A stride coprime with the number of pairs walks every (business, name) pair once before repeating,
    // so the first 240 accounts have distinct names and neighbours differ.
    const pair = (index * 97) % (businesses.length * names.length);
    const [trade, official] = businesses[pair % businesses.length] ?? ['Empresa', 'Comércio'];
    const name = names[Math.floor(pair / businesses.length)] ?? 'Brasil';
    const suffix = random.next() < 0.2 ? 'S.A.' : 'LTDA';
    accounts.push({
      accountId: String(FIRST_ACCOUNT_ID + index),
      isDefault: index === 0,
      balance: balance(index, random),
      taxId: cnpj(index),
      officialName: `${name} ${official} ${suffix}`,
      tradeName: `${trade} ${name}`,
      branch: index === 0 ? '0001' : String(random.int(1, 4_999)).padStart(4, '0'),
      account: accountNumber(random),
    });
  }
  return accounts;
}
