import type { Account } from '@/api/accounts/accounts-schema';
import type { AnalysisStatusPage } from '@/api/schemas/analysis-status';
import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import type { Product } from '@/api/schemas/products';
import { FaultRegistry, type SandboxEndpoint } from './faults';
import { analysisPageOf, type CpfRecord } from './analysis-page';
import { DEFAULT_PROFILE, sandboxProfile, type SandboxProfile } from './profiles';
import { IdempotencyRecords } from './idempotency';
import type { SandboxReply } from './reply';
import {
  resolveSettings,
  type ExternalTokenVerifier,
  type ResetOptions,
  type SandboxStoreOptions,
  type Sleep,
} from './store-options';
import {
  DEFAULT_ACCOUNT_COUNT,
  DEFAULT_SEED,
  FIRST_SUBMITTED_SEQUENCE,
  SEEDED_CARD_CODES,
  generateAccounts,
  generateSeededAnalyses,
  seedLookups,
  seedProducts,
  trackingCode,
} from './seed';

export const DEFAULT_DECISION_DELAY_MS = 30_000;
/** Waits `ms`, or less if `signal` aborts first. Never rejects. */

interface Card {
  code: number;
  accountId: string;
  virtual: boolean;
  cancelled: boolean;
}

export interface SandboxStats {
  applicationsPerCpf: Record<string, number>;
  idempotencyKeys: Array<{ endpoint: SandboxEndpoint; key: string; requests: number }>;
  /** Cancellations that took effect (at most one per card). */
  cancelsPerCard: Record<string, number>;
  /** Every cancel request that reached the store, refused ones included. */
  cancelRequestsPerCard: Record<string, number>;
  virtualCardsPerAccount: Record<string, number>;
  requestsPerEndpoint: Record<SandboxEndpoint, number>;
  /** Status lookups per document as it came in the path, faulted ones included. */
  statusLookupsPerCpf: Record<string, number>;
}

type Counters = Omit<SandboxStats, 'idempotencyKeys'>;

/** The last valid body an endpoint accepted for processing, for tests to check field by field. */
export interface RecordedRequest {
  body: unknown;
  idempotencyKey: string | null;
}

export type CancelResult = { ok: true } | { ok: false; reason: 'not-found' | 'already-cancelled' };

const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** The decision of a submitted application, a pure function of the CPF so tests can predict it. */
export function decisionFor(cpf: string): 'APROVADO' | 'REPROVADO' {
  return Number(cpf.at(-1)) % 2 === 0 ? 'APROVADO' : 'REPROVADO';
}

/**
 * The sandbox's state: seeded data, what requests changed, idempotency records, statistics and faults.
 * One instance per transport (worker, test server, HTTP server); `reset` reseeds it in place.
 */
/** Report batches the collector keeps (enough for a test; a looping app cannot fill the memory). */
const REPORTS_KEPT = 500;

export class SandboxStore {
  readonly faults = new FaultRegistry();
  readonly sleep: Sleep;
  readonly verifyExternalToken: ExternalTokenVerifier | undefined;
  readonly profile: SandboxProfile;
  private readonly clock: () => number;
  private readonly seed: number;
  private readonly defaults: Required<ResetOptions>;
  private settings: Required<ResetOptions>;
  private clockOffsetMs = 0;
  private products: Product[] = [];
  private accounts: Account[] = [];
  private accountsById = new Map<string, Account>();
  private cpfs = new Map<string, CpfRecord>();
  private cards = new Map<number, Card>();
  private nextCardCode = 0;
  private nextSequence = FIRST_SUBMITTED_SEQUENCE;
  private idempotency = new IdempotencyRecords();
  private counters = this.emptyCounters();
  private lastRequests = new Map<SandboxEndpoint, RecordedRequest>();
  private reports: string[] = [];

  constructor(options: SandboxStoreOptions = {}) {
    this.clock = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.verifyExternalToken = options.verifyExternalToken;
    this.seed = options.seed ?? DEFAULT_SEED;
    this.profile = sandboxProfile(options.profile ?? DEFAULT_PROFILE);
    this.defaults = resolveSettings(options, {
      accountCount: DEFAULT_ACCOUNT_COUNT,
      decisionDelayMs: DEFAULT_DECISION_DELAY_MS,
      ignoreIdempotencyKey: false,
      corsRefusesIdempotencyKey: false,
      latencyMs: this.profile.latencyMs,
      seedAnalyses: 0,
      statusDelayMs: 0,
    });
    this.settings = this.defaults;
    this.reset();
  }

  /**
   * Back to the seed: data, clock offset, idempotency records, stats and faults (held requests are
   * released). Options apply to this reset only; a later plain reset returns to the constructor's.
   */
  reset(options: ResetOptions = {}): void {
    this.settings = resolveSettings(options, this.defaults);
    this.faults.clear();
    this.clockOffsetMs = 0;
    this.products = seedProducts.map((product) => ({ ...product }));
    this.accounts = generateAccounts(this.settings.accountCount, this.seed, this.profile);
    this.accountsById = new Map(this.accounts.map((account) => [account.accountId, account]));
    this.cpfs = new Map([...seedLookups()].map(([cpf, seeded]) => [cpf, { seeded, submitted: [] }]));
    for (const [cpf, seeded] of generateSeededAnalyses(this.settings.seedAnalyses))
      this.cpfs.set(cpf, { seeded, submitted: [] });
    this.cards = new Map();
    SEEDED_CARD_CODES.forEach((code, index) => {
      // With fewer accounts than cards, cards share accounts.
      const account = this.accounts[index % this.accounts.length];
      if (account)
        this.cards.set(code, { code, accountId: account.accountId, virtual: false, cancelled: false });
    });
    this.nextCardCode = Math.max(...SEEDED_CARD_CODES) + 1;
    this.nextSequence = FIRST_SUBMITTED_SEQUENCE;
    this.idempotency = new IdempotencyRecords();
    this.counters = this.emptyCounters();
    this.lastRequests = new Map();
    this.reports = [];
  }

  /**
   * An operational report batch the app sent to `/__sandbox/reports` (config `reportUrl`), kept exactly as
   * it arrived so that tests can sweep the bytes for personal data; the oldest go past REPORTS_KEPT.
   */
  recordReport(body: string): void {
    this.reports.push(body);
    if (this.reports.length > REPORTS_KEPT) this.reports.shift();
  }

  receivedReports(): readonly string[] {
    return this.reports;
  }

  get accountCount(): number {
    return this.settings.accountCount;
  }

  get decisionDelayMs(): number {
    return this.settings.decisionDelayMs;
  }

  get ignoresIdempotencyKey(): boolean {
    return this.settings.ignoreIdempotencyKey;
  }

  get corsRefusesIdempotencyKey(): boolean {
    return this.settings.corsRefusesIdempotencyKey;
  }

  get latencyMs(): number {
    return this.settings.latencyMs;
  }

  get seedAnalyses(): number {
    return this.settings.seedAnalyses;
  }

  get statusDelayMs(): number {
    return this.settings.statusDelayMs;
  }

  /**
   * Requests whose connection the HTTP server must reset before any byte of an answer (fault
   * `commitThenDrop`). A WeakSet: the transport asks about the very Request object it handed in.
   */
  private readonly dropBeforeAnswer = new WeakSet<Request>();

  markDropBeforeAnswer(request: Request): void {
    this.dropBeforeAnswer.add(request);
  }

  takeDropBeforeAnswer(request: Request): boolean {
    return this.dropBeforeAnswer.delete(request);
  }

  /** Sandbox time: the injected clock plus whatever `advanceClock` added since the last reset. */
  now(): number {
    return this.clock() + this.clockOffsetMs;
  }

  advanceClock(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError('advanceClock expects a non-negative number of ms');
    this.clockOffsetMs += ms;
  }

  listProducts(): Product[] {
    return this.products.map((product) => ({ ...product }));
  }

  hasProduct(code: string): boolean {
    return this.products.some((product) => product.codigo === code);
  }

  listAccounts(): Account[] {
    return this.accounts.map((account) => ({ ...account, balance: { ...account.balance } }));
  }

  hasAccount(accountId: string): boolean {
    return this.accountsById.has(accountId);
  }

  /**
   * The account a virtual-card `account` code designates under this profile's reading: the Account whose
   * `account` (or `accountId`) field, read as a whole number, equals it. Undefined when none does.
   */
  accountForCode(code: number): Account | undefined {
    const field = this.profile.virtualCardAccountField;
    return this.accounts.find((account) => /^\d+$/.test(account[field]) && Number(account[field]) === code);
  }

  /** Records an application (the request must already be validated) and returns its tracking code. */
  submitApplication(request: CreditApplicationRequest): {
    CodigoParaAcompanhamento: string;
    Status: 'EM_ANALISE';
  } {
    const cpf = request.portador.cpf;
    const code = trackingCode(new Date(this.now()).getUTCFullYear(), this.nextSequence);
    this.nextSequence += 1;
    const record = this.cpfs.get(cpf) ?? { seeded: undefined, submitted: [] };
    record.submitted.push({
      CodigoParaAcompanhamento: code,
      submittedAt: this.now(),
      decision: decisionFor(cpf),
    });
    this.cpfs.set(cpf, record);
    increment(this.counters.applicationsPerCpf, cpf);
    return { CodigoParaAcompanhamento: code, Status: 'EM_ANALISE' };
  }

  /** Whether the CPF has anything to show: seeded or submitted analyses, or seeded notes. */
  knowsCpf(cpf: string): boolean {
    const record = this.cpfs.get(cpf);
    return record !== undefined && (record.seeded !== undefined || record.submitted.length > 0);
  }

  /** One page of the CPF's analyses at sandbox time (analysisPageOf, analysis-page.ts). */
  analysisPage(cpf: string, request: { page?: number; size?: number } = {}): AnalysisStatusPage {
    return analysisPageOf(this.cpfs.get(cpf), request, {
      now: this.now(),
      decisionDelayMs: this.settings.decisionDelayMs,
      profile: this.profile,
    });
  }

  /** Creates a virtual card for an existing account; returns its new card code (cancellable). */
  createVirtualCard(accountId: string): number {
    if (!this.accountsById.has(accountId)) throw new RangeError(`unknown account ${accountId}`);
    const code = this.nextCardCode;
    this.nextCardCode += 1;
    this.cards.set(code, { code, accountId, virtual: true, cancelled: false });
    increment(this.counters.virtualCardsPerAccount, accountId);
    return code;
  }

  cancelCard(code: number): CancelResult {
    increment(this.counters.cancelRequestsPerCard, String(code));
    const card = this.cards.get(code);
    if (!card) return { ok: false, reason: 'not-found' };
    if (card.cancelled) return { ok: false, reason: 'already-cancelled' };
    card.cancelled = true;
    increment(this.counters.cancelsPerCard, String(code));
    return { ok: true };
  }

  /** Card codes and whether each is cancelled; for tests and the docs, not part of the interface. */
  listCards(): Array<{ code: number; accountId: string; virtual: boolean; cancelled: boolean }> {
    return [...this.cards.values()].map((card) => ({ ...card }));
  }

  recordRequest(endpoint: SandboxEndpoint, request: RecordedRequest): void {
    this.lastRequests.set(endpoint, request);
  }

  lastRequest(endpoint: SandboxEndpoint): RecordedRequest | null {
    return this.lastRequests.get(endpoint) ?? null;
  }

  countRequest(endpoint: SandboxEndpoint): void {
    this.counters.requestsPerEndpoint[endpoint] += 1;
  }

  countStatusLookup(document: string): void {
    increment(this.counters.statusLookupsPerCpf, document);
  }

  /**
   * Runs `execute` at most once per endpoint and Idempotency-Key: a repeat gets the stored successful
   * reply, and a repeat that arrives while the first is still running waits for it. Failures are not
   * stored (nothing took effect), so a corrected retry with the same key runs.
   */
  idempotent(
    endpoint: SandboxEndpoint,
    key: string,
    execute: () => Promise<SandboxReply>,
  ): Promise<SandboxReply> {
    return this.idempotency.run(endpoint, key, execute);
  }

  stats(): SandboxStats {
    return {
      applicationsPerCpf: { ...this.counters.applicationsPerCpf },
      idempotencyKeys: this.idempotency.keys(),
      cancelsPerCard: { ...this.counters.cancelsPerCard },
      cancelRequestsPerCard: { ...this.counters.cancelRequestsPerCard },
      virtualCardsPerAccount: { ...this.counters.virtualCardsPerAccount },
      requestsPerEndpoint: { ...this.counters.requestsPerEndpoint },
      statusLookupsPerCpf: { ...this.counters.statusLookupsPerCpf },
    };
  }

  private emptyCounters(): Counters {
    return {
      applicationsPerCpf: {},
      cancelsPerCard: {},
      cancelRequestsPerCard: {},
      virtualCardsPerAccount: {},
      requestsPerEndpoint: {
        products: 0,
        creditRequest: 0,
        analysisStatus: 0,
        createVirtualCard: 0,
        cancelCard: 0,
        allAccounts: 0,
      },
      statusLookupsPerCpf: {},
    };
  }
}

function increment(counter: Record<string, number>, key: string): void {
  counter[key] = (counter[key] ?? 0) + 1;
}
