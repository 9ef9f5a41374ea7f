import type { Account } from '@/api/accounts/accounts-schema';
import type { Product } from '@/api/schemas/products';
import { cpfCheckDigits } from '@/lib/cpf';
import { cnpjCheckDigits } from './cnpj';
import { createRandom, type Random } from './prng';

/**
 * The sandbox's seeded data. Everything is a pure function of the seed, so tests, docs and people can name
 * a CPF, an account or a card and find it on every run. All CPFs and CNPJs carry valid check digits.
 */

export const DEFAULT_SEED = 20_260_101;
export const DEFAULT_ACCOUNT_COUNT = 30;

/** Text that looks like HTML, so the app can prove it renders server text as text (docs/requirements.md C3). */
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

/** Tracking codes of `seedAnalyses` start here, clear of the named and of the submitted ones. */
export const FIRST_BATCH_SEQUENCE = 100_000;

const batchStatusCycle = [
  'EM_ANALISE',
  'APROVADO',
  'REPROVADO',
  'PENDENTE_DOCUMENTACAO',
  'APROVADO',
  'CANCELADO',
  'EM_ANALISE',
] as const;

/**
 * `count` CPFs with valid check digits, distinct from each other and from the named ones, the same on
 * every run: the first nine digits walk 100000000..999999999 with a stride coprime with 9·10^8.
 */
export function seededAnalysisCpfs(count: number): string[] {
  const named = new Set<string>(Object.values(seededCpfs));
  const cpfs: string[] = [];
  for (let index = 0; cpfs.length < count; index += 1) {
    const nine = String(100_000_000 + ((index * 7_919 + 24_680) % 900_000_000));
    const cpf = `${nine}${cpfCheckDigits(nine)}`;
    if (!named.has(cpf) && !/^(\d)\1*$/.test(cpf)) cpfs.push(cpf);
  }
  return cpfs;
}

/**
 * What `seedAnalyses` adds: each CPF of `seededAnalysisCpfs(count)` with one to three analyses (statuses
 * in a fixed cycle, tracking codes from PRP-2026-100000), every 10th with an alert (a string) and every
 * 25th with an error (an object), as the named CPFs have them.
 */
export function generateSeededAnalyses(count: number): Map<string, SeedLookup> {
  const lookups = new Map<string, SeedLookup>();
  let sequence = FIRST_BATCH_SEQUENCE;
  seededAnalysisCpfs(count).forEach((cpf, index) => {
    const analyses = Array.from({ length: 1 + (index % 3) }, (_, position) => ({
      CodigoParaAcompanhamento: trackingCode(2026, sequence++),
      Status: batchStatusCycle[(index + position) % batchStatusCycle.length] ?? 'EM_ANALISE',
    }));
    lookups.set(cpf, {
      analyses,
      alertas: index % 10 === 9 ? ['Comprovante de residência pendente de conferência'] : [],
      erros: index % 25 === 24 ? [{ codigo: 'E31', mensagem: 'Renda declarada divergente' }] : [],
      sucesso: true,
    });
  });
  return lookups;
}

/** Seeded card codes; each can be cancelled once. */
export const SEEDED_CARD_CODES: readonly number[] = Array.from({ length: 10 }, (_, index) => 5001 + index);
/** First numeric account id (profile `numeric-ids`); by default account ids are UUIDs. */
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

/**
 * The account number (`account`, "a string of digits"): six digits plus a check digit, distinct for every
 * index below 9·10^6 (7_919 is coprime with 9·10^6). Every tenth account writes its check digit after a
 * dash, as some banks print it: not an integer, so the app must show it as not requestable rather than
 * drop it or send something else.
 */
export function accountNumber(index: number, random?: Random): string {
  // One draw, as the random account numbers of earlier seeds took, so the balances stay where they were.
  random?.int(10_000, 99_999);
  const digits = String(100_000 + ((index * 7_919 + 4_242) % 900_000));
  let sum = 0;
  for (let position = 0; position < digits.length; position += 1)
    sum += Number(digits[position]) * (position + 2);
  return index % 10 === 9 ? `${digits}-${sum % 10}` : `${digits}${sum % 10}`;
}

/** A 32-bit mix of (seed, index, lane): the same UUID for the same account on every run. */
function mix(seed: number, index: number, lane: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(lane + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A version-4-shaped UUID derived from the seed and the index (no PRNG draw, so balances stay put). */
export function accountUuid(index: number, seed: number = DEFAULT_SEED): string {
  const hex = [0, 1, 2, 3].map((lane) => mix(seed, index, lane).toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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

export interface AccountShape {
  /** `uuid` (default) or `numeric` (`100001` upwards). */
  accountIds?: 'uuid' | 'numeric';
  /** Balances as integer centavos (default) or as reais with decimals. */
  balanceUnit?: 'centavos' | 'reais';
}

/**
 * `count` accounts; the first is the only default one. Linear and allocation-light: 10,000 accounts take
 * a few milliseconds.
 */
export function generateAccounts(
  count: number,
  seed: number = DEFAULT_SEED,
  shape: AccountShape = {},
): Account[] {
  const numericIds = shape.accountIds === 'numeric';
  const inReais = shape.balanceUnit === 'reais';
  const random = createRandom(seed);
  const accounts: Account[] = [];
  for (let index = 0; index < count; index += 1) {
    // A stride coprime with the number of pairs walks every (business, name) pair once before repeating,
    // so the first 240 accounts have distinct names and neighbours differ.
    const pair = (index * 97) % (businesses.length * names.length);
    const [trade, official] = businesses[pair % businesses.length] ?? ['Empresa', 'Comércio'];
    const name = names[Math.floor(pair / businesses.length)] ?? 'Brasil';
    const suffix = random.next() < 0.2 ? 'S.A.' : 'LTDA';
    const cents = balance(index, random);
    accounts.push({
      accountId: numericIds ? String(FIRST_ACCOUNT_ID + index) : accountUuid(index, seed),
      isDefault: index === 0,
      balance: inReais
        ? { total: cents.total / 100, blocked: cents.blocked / 100, available: cents.available / 100 }
        : cents,
      taxId: cnpj(index),
      officialName: `${name} ${official} ${suffix}`,
      tradeName: `${trade} ${name}`,
      branch: index === 0 ? '0001' : String(random.int(1, 4_999)).padStart(4, '0'),
      account: accountNumber(index, random),
    });
  }
  return accounts;
}
