/**
 * Sandbox profiles: named sets of readings of the interface's "not shown" points
 * (docs/interface-readings.md). Each one answers as a provider that honours the interface but reads it
 * another way, so that the app is tried against every reading it claims to accept. The default profile
 * is deliberately not the most convenient one for the app: its `accountId`s are UUIDs.
 *
 * Pure data, no MSW: e2e/ and the CLI read `appConfig` to write the matching config.json.
 */

/** Seeded Status words (Portuguese, upper case) and their English counterparts. */
const englishStatusWords: Readonly<Record<string, string>> = {
  EM_ANALISE: 'UNDER_REVIEW',
  PENDENTE_DOCUMENTACAO: 'PENDING_DOCUMENTS',
  APROVADO: 'APPROVED',
  REPROVADO: 'DECLINED',
  CANCELADO: 'CANCELLED',
  AGUARDANDO_BIOMETRIA: 'AWAITING_BIOMETRICS',
};

export interface SandboxProfile {
  name: string;
  /** One line for `--help`, the docs and the e2e project title. */
  description: string;
  /** `uuid`: `accountId` is a UUID (the usual case); `numeric`: a numeric string from 100001. */
  accountIds: 'uuid' | 'numeric';
  /** Which Account field the virtual-card `account` (4.4) is matched against. */
  virtualCardAccountField: 'account' | 'accountId';
  /** Success of the credit request (4.2), whose body the interface does not show. */
  creditRequestReply: '201-body' | '202-empty' | '200-body';
  /** Success status of the two card operations (4.4, 4.5); the body is always the operation result. */
  cardReplyStatus: 200 | 201 | 202;
  /** How `Status` words are spelled. */
  statusWords: 'upper' | 'lower' | 'english';
  /** `mixed`: the seed's strings and `{codigo, mensagem}` objects; `objects`: every note `{code, message}`. */
  notes: 'mixed' | 'objects';
  /** A valid CPF without analyses: 200 and no results, 404 Error object, or 200 with `sucesso: false`. */
  unknownCpf: 'empty' | '404' | 'sucesso-false';
  /** Refuse `""` in any request field but `complemento` and `pontoreferencia` (400 naming the path). */
  refuseEmptyStrings: boolean;
  /** Language of the sandbox's own 400 messages. */
  messages: 'pt' | 'en';
  /** Balances as integer centavos, or as reais with decimals (`-1520.35`). */
  balanceUnit: 'centavos' | 'reais';
  /**
   * Paging of the status lookup (4.3, "not shown"): null answers the first page whatever the query says;
   * otherwise the page number (from `firstPage`) and the page size (up to `maxPageSize`) are read from
   * these query parameters.
   */
  paging: {
    pageParameter: string;
    pageSizeParameter: string;
    firstPage: 0 | 1;
    maxPageSize: number;
  } | null;
  /** Added before every interface answer (not the control endpoints). */
  latencyMs: number;
  /** The config.json keys an app needs to read this profile right (merged over the defaults). */
  appConfig: Readonly<Record<string, unknown>>;
}

const base: Omit<SandboxProfile, 'name' | 'description' | 'appConfig'> = {
  accountIds: 'uuid',
  virtualCardAccountField: 'account',
  creditRequestReply: '201-body',
  cardReplyStatus: 200,
  statusWords: 'upper',
  notes: 'mixed',
  unknownCpf: 'empty',
  refuseEmptyStrings: false,
  messages: 'pt',
  balanceUnit: 'centavos',
  paging: null,
  latencyMs: 0,
};

const statusConfig = (word: (value: string) => string) => ({
  analysisStatuses: [
    { value: word('EM_ANALISE'), label: { 'pt-BR': 'Em análise', en: 'Under review' }, tone: 'info' },
    {
      value: word('PENDENTE_DOCUMENTACAO'),
      label: { 'pt-BR': 'Pendente de documentação', en: 'Documents pending' },
      tone: 'warning',
    },
    { value: word('APROVADO'), label: { 'pt-BR': 'Aprovada', en: 'Approved' }, tone: 'success' },
    { value: word('REPROVADO'), label: { 'pt-BR': 'Reprovada', en: 'Declined' }, tone: 'error' },
    { value: word('CANCELADO'), label: { 'pt-BR': 'Cancelada', en: 'Cancelled' }, tone: 'neutral' },
  ],
});

export const sandboxProfiles = {
  default: {
    ...base,
    name: 'default',
    description:
      'UUID accountIds; virtual-card account = Account.account; 201 with a body; statuses in upper case',
    appConfig: {},
  },
  'numeric-ids': {
    ...base,
    name: 'numeric-ids',
    description: 'numeric accountIds, and the virtual-card account is the accountId',
    accountIds: 'numeric',
    virtualCardAccountField: 'accountId',
    appConfig: { virtualCardAccountField: 'accountId' },
  },
  accepted: {
    ...base,
    name: 'accepted',
    description:
      '202 without a body for the credit request, 201 for card operations, lower-case statuses, 404 for an unknown CPF',
    creditRequestReply: '202-empty',
    cardReplyStatus: 201,
    statusWords: 'lower',
    unknownCpf: '404',
    appConfig: statusConfig((word) => word.toLowerCase()),
  },
  english: {
    ...base,
    name: 'english',
    description:
      'English statuses, erros/alertas as {code, message} objects, sucesso:false for an unknown CPF, money in reais',
    creditRequestReply: '200-body',
    statusWords: 'english',
    notes: 'objects',
    unknownCpf: 'sucesso-false',
    balanceUnit: 'reais',
    appConfig: {
      ...statusConfig((word) => englishStatusWords[word] ?? word),
      balanceUnit: 'reais',
      incomeUnit: 'reais',
    },
  },
  strict: {
    ...base,
    name: 'strict',
    description:
      'refuses empty strings outside complemento/pontoreferencia; English 400 messages naming the field path',
    refuseEmptyStrings: true,
    messages: 'en',
    appConfig: {},
  },
  paged: {
    ...base,
    name: 'paged',
    description:
      'the status lookup pages: ?pagina= (from 0) and ?tamanho= (up to 50); without them, page 0 of 10',
    paging: { pageParameter: 'pagina', pageSizeParameter: 'tamanho', firstPage: 0, maxPageSize: 50 },
    appConfig: {
      analysisStatusPaging: {
        pageParameter: 'pagina',
        firstPage: 0,
        pageSizeParameter: 'tamanho',
        pageSize: 20,
        maxPages: 10,
      },
    },
  },
  slow: {
    ...base,
    name: 'slow',
    description: 'every answer takes 1.5 s',
    latencyMs: 1500,
    appConfig: { requestTimeoutMs: 15000 },
  },
} as const satisfies Record<string, SandboxProfile>;

export type SandboxProfileName = keyof typeof sandboxProfiles;
export const sandboxProfileNames = Object.keys(sandboxProfiles) as SandboxProfileName[];
export const DEFAULT_PROFILE: SandboxProfileName = 'default';

export function isSandboxProfileName(name: string): name is SandboxProfileName {
  return Object.hasOwn(sandboxProfiles, name);
}

/** The profile called `name`; throws a RangeError listing the known ones otherwise. */
export function sandboxProfile(name: string = DEFAULT_PROFILE): SandboxProfile {
  if (!isSandboxProfileName(name)) {
    throw new RangeError(`unknown sandbox profile "${name}"; known: ${sandboxProfileNames.join(', ')}`);
  }
  return sandboxProfiles[name];
}

/** A seeded Status word as `profile` spells it. */
export function statusWord(profile: SandboxProfile, word: string): string {
  if (profile.statusWords === 'lower') return word.toLowerCase();
  if (profile.statusWords === 'english') return englishStatusWords[word] ?? word;
  return word;
}
