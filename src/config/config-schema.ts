import * as z from 'zod/mini';
import { paths } from '@/config/paths';
import { urlRuleViolation } from '@/lib/url-rules';

/**
 * The runtime configuration read from /config.json before the app renders. One build serves every
 * environment, so everything a deployment may need to change lives here, not in the bundle.
 */

/** A label in Portuguese only, or one per language. */
const text = z.string().check(z.minLength(1));
const labelSchema = z.union([text, z.object({ 'pt-BR': text, en: text })]);
export type ConfigLabel = z.infer<typeof labelSchema>;

const domainEntrySchema = z.object({ value: text, label: labelSchema });
export type DomainEntry = z.infer<typeof domainEntrySchema>;

const occupationSchema = z.object({ code: z.int().check(z.nonnegative()), label: labelSchema });
export type Occupation = z.infer<typeof occupationSchema>;

const statusToneSchema = z.enum(['info', 'success', 'warning', 'error', 'neutral']);
const knownStatusSchema = z.object({ value: text, label: labelSchema, tone: statusToneSchema });
export type KnownStatus = z.infer<typeof knownStatusSchema>;

/**
 * Where the app may send requests (src/lib/url-rules.ts): a path on this origin, or an absolute URL. The
 * syntax is checked here; whether plain http is allowed depends on `mode`, checked on the whole config
 * (`endpointUrlsByMode` below).
 */
const endpointUrlSchema = (options: { allowPath: boolean }) =>
  text.check(
    z.refine((value) => urlRuleViolation(value, { ...options, allowHttp: true }) === null, {
      error: (issue) =>
        urlRuleViolation(String(issue.input), { ...options, allowHttp: true }) ?? 'invalid URL',
    }),
  );

/** Absolute URL or a path on this origin, without a trailing slash. */
const baseUrlSchema = endpointUrlSchema({ allowPath: true }).check(
  z.refine((value) => !value.endsWith('/'), { message: 'must not end with "/"' }),
);

const nonEmpty = <T extends z.ZodMiniType>(item: T) => z.array(item).check(z.minLength(1));
const int = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));

export const defaultDomains = {
  sexo: [
    { value: 'MASCULINO', label: { 'pt-BR': 'Masculino', en: 'Male' } },
    { value: 'FEMININO', label: { 'pt-BR': 'Feminino', en: 'Female' } },
  ],
  estadocivil: [
    { value: 'SOLTEIRO', label: { 'pt-BR': 'Solteiro(a)', en: 'Single' } },
    { value: 'CASADO', label: { 'pt-BR': 'Casado(a)', en: 'Married' } },
    { value: 'DIVORCIADO', label: { 'pt-BR': 'Divorciado(a)', en: 'Divorced' } },
    { value: 'VIUVO', label: { 'pt-BR': 'Viúvo(a)', en: 'Widowed' } },
    { value: 'UNIAO_ESTAVEL', label: { 'pt-BR': 'União estável', en: 'Civil union' } },
  ],
  tipotelefone: [
    { value: 'CELULAR', label: { 'pt-BR': 'Celular', en: 'Mobile' } },
    { value: 'RESIDENCIAL', label: { 'pt-BR': 'Residencial', en: 'Home' } },
    { value: 'COMERCIAL', label: { 'pt-BR': 'Comercial', en: 'Work' } },
  ],
  tipoendereco: [
    { value: 'RESIDENCIAL', label: { 'pt-BR': 'Residencial', en: 'Home' } },
    { value: 'COMERCIAL', label: { 'pt-BR': 'Comercial', en: 'Work' } },
  ],
  profissoes: [
    { code: 1, label: { 'pt-BR': 'Assalariado(a)', en: 'Salaried employee' } },
    { code: 2, label: { 'pt-BR': 'Autônomo(a)', en: 'Self-employed' } },
    { code: 3, label: { 'pt-BR': 'Empresário(a)', en: 'Business owner' } },
    { code: 4, label: { 'pt-BR': 'Servidor(a) público(a)', en: 'Civil servant' } },
    { code: 5, label: { 'pt-BR': 'Aposentado(a)', en: 'Retired' } },
    { code: 6, label: { 'pt-BR': 'Estudante', en: 'Student' } },
    { code: 99, label: { 'pt-BR': 'Outra', en: 'Other' } },
  ],
} satisfies Record<string, unknown>;

export const defaultAnalysisStatuses: KnownStatus[] = [
  { value: 'EM_ANALISE', label: { 'pt-BR': 'Em análise', en: 'Under review' }, tone: 'info' },
  {
    value: 'PENDENTE_DOCUMENTACAO',
    label: { 'pt-BR': 'Pendente de documentação', en: 'Documents pending' },
    tone: 'warning',
  },
  { value: 'APROVADO', label: { 'pt-BR': 'Aprovada', en: 'Approved' }, tone: 'success' },
  { value: 'REPROVADO', label: { 'pt-BR': 'Reprovada', en: 'Declined' }, tone: 'error' },
  { value: 'CANCELADO', label: { 'pt-BR': 'Cancelada', en: 'Cancelled' }, tone: 'neutral' },
];

/**
 * How operators sign in: `token` (paste a bearer token; the sandbox default) or `oidc` (Authorization
 * Code + PKCE against the institution's identity provider; docs/decisions/008-oidc-sign-in.md).
 */
const authoritySchema = text.check(
  z.refine((value) => urlRuleViolation(value, { allowPath: false, allowHttp: false }) === null, {
    message: 'must be an https URL (http only on 127.0.0.1, localhost or [::1])',
  }),
  z.refine((value) => !value.endsWith('/'), { message: 'must not end with "/"' }),
);
const oidcAuthSchema = z.strictObject({
  type: z.literal('oidc'),
  /** The issuer; its /.well-known/openid-configuration names every endpoint. */
  authority: authoritySchema,
  clientId: text,
  /** Space-separated; must include openid. The API scopes (e.g. accounts:read) go here too. */
  scope: text.check(
    z.refine((value) => value.split(/\s+/).includes('openid'), { message: 'must include "openid"' }),
  ),
  /** Path on this origin the provider sends the browser back to; `<path>/popup` serves re-authentication. */
  redirectPath: z._default(
    text.check(z.regex(/^\/[A-Za-z0-9/_-]*$/, { message: 'must be a path starting with "/"' })),
    `${paths.signIn}/retorno`,
  ),
  /** Renew the access token this many seconds before it expires. */
  renewBeforeSeconds: z._default(int(5, 600), 60),
});
// Strict, both: a key of the other sign-in type (an `authority` beside "token") is refused by name, not
// dropped unchecked (the renderer's connect-src is made from what passed here).
const authSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('token') }),
  oidcAuthSchema,
]);
export type AuthConfig = z.infer<typeof authSchema>;
export type OidcAuthConfig = z.infer<typeof oidcAuthSchema>;

/** docs/requirements.md A5: idle timeout (warned a minute before) and absolute lifetime of a signed-in session. */
const sessionLimitsSchema = z
  .object({
    idleTimeoutSeconds: int(120, 24 * 60 * 60),
    absoluteLifetimeSeconds: int(300, 24 * 60 * 60),
  })
  .check(
    z.refine((value) => value.absoluteLifetimeSeconds > value.idleTimeoutSeconds, {
      message: 'must be longer than idleTimeoutSeconds',
      path: ['absoluteLifetimeSeconds'],
    }),
  );
export type SessionLimits = z.infer<typeof sessionLimitsSchema>;

/** A query parameter's name: a letter, then letters, digits, `_`, `.` or `-` (nothing to encode). */
const queryParameterName = text.check(
  z.regex(/^[A-Za-z][A-Za-z0-9_.-]{0,39}$/, {
    message: 'must be a query parameter name: a letter, then letters, digits, "_", "." or "-"',
  }),
);

/**
 * How the status lookup (4.3) reaches the pages after the first: the interface does not show its paging
 * parameters. Absent: none are sent and only the first page is read (the screen says so). Strict, so that
 * a misspelt key stops the app instead of silently falling back to a default.
 */
const analysisStatusPagingSchema = z
  .strictObject({
    /** The query parameter that carries the page number. */
    pageParameter: queryParameterName,
    /** The number of the first page: 1 (default) or 0. */
    firstPage: z._default(z.union([z.literal(0), z.literal(1)]), 1),
    /** The query parameter that carries the page size, if the provider has one; needs `pageSize`. */
    pageSizeParameter: z.optional(queryParameterName),
    /** Records per page asked for with `pageSizeParameter`. */
    pageSize: z.optional(int(1, 1000)),
    /** The most pages one lookup reads, the first included (each is a request; a batch multiplies them). */
    maxPages: z._default(int(1, 100), 10),
  })
  .check(
    z.refine((value) => (value.pageSizeParameter === undefined) === (value.pageSize === undefined), {
      message: 'pageSize and pageSizeParameter go together: set both or neither',
      path: ['pageSize'],
    }),
    z.refine((value) => value.pageSizeParameter !== value.pageParameter, {
      message: 'must differ from pageParameter',
      path: ['pageSizeParameter'],
    }),
  );
export type AnalysisStatusPaging = z.infer<typeof analysisStatusPagingSchema>;

export const runtimeConfigSchema = z
  .object({
    /** "sandbox": the local implementation of the interface, with a SANDBOX banner and one-click tokens. */
    mode: z.enum(['sandbox', 'provider']),
    /**
     * In sandbox mode, whether the in-browser worker answers the calls. False when `baseUrl` points at the
     * HTTP sandbox (`npm run sandbox`), as the end-to-end tests do.
     */
    sandboxWorker: z._default(z.boolean(), true),
    /** The interface's {base_url}: products, credit analysis, cards. */
    baseUrl: baseUrlSchema,
    /** The interface's {accounts_base_url}: accounts. */
    accountsBaseUrl: baseUrlSchema,
    environmentName: text,
    /** Client time-out of one call; past it a query fails and a mutation's outcome is unknown. */
    requestTimeoutMs: z._default(int(1000, 120000), 15000),
    /**
     * Send an `Idempotency-Key` header on requests that create or cancel something. Off by default: the
     * interface does not name it and a real provider's CORS policy may refuse unknown headers.
     */
    sendIdempotencyKey: z._default(z.boolean(), false),
    /** Unit of `valorrenda` and of account balances, unless `incomeUnit` / `balanceUnit` say otherwise. */
    moneyUnit: z._default(z.enum(['centavos', 'reais']), 'centavos'),
    /**
     * Unit of `valorrenda` alone (interface: "not shown"). Unset: `moneyUnit`. Read it with `incomeUnitOf`.
     */
    incomeUnit: z.optional(z.enum(['centavos', 'reais'])),
    /**
     * Unit of the account balances alone ("numbers"; interface: "not shown"). Unset: `moneyUnit`. Under
     * `centavos` a fractional balance is a contradiction the accounts screen reports, never divides.
     */
    balanceUnit: z.optional(z.enum(['centavos', 'reais'])),
    /**
     * Which Account field (2.5) becomes the virtual-card `account` integer (4.4): `account` (the account
     * number, default) or `accountId`. Accounts whose value is not a whole number cannot be requested.
     */
    virtualCardAccountField: z._default(z.enum(['account', 'accountId']), 'account'),
    /**
     * Sandbox mode with the in-browser worker: which sandbox profile answers (docs/sandbox.md). The names
     * live in src/sandbox/profiles.ts; an unknown one stops the app with this key named.
     */
    sandboxProfile: z._default(text.check(z.regex(/^[a-z0-9-]{1,40}$/, 'must be a profile name')), 'default'),
    /** Longest printed name (`nomeimpresso`) the card embosser accepts. */
    printedNameMaxLength: z._default(int(10, 40), 26),
    domains: z._default(
      z.object({
        sexo: nonEmpty(domainEntrySchema),
        estadocivil: nonEmpty(domainEntrySchema),
        tipotelefone: nonEmpty(domainEntrySchema),
        tipoendereco: nonEmpty(domainEntrySchema),
        profissoes: nonEmpty(occupationSchema),
      }),
      defaultDomains,
    ),
    /** Field names of an additional card entry; empty means entries are sent as `{}`. */
    additionalCardFields: z._default(z.array(text), []),
    /** Analysis `Status` values with a label and a colour; any other value is shown as it comes. */
    analysisStatuses: z._default(z.array(knownStatusSchema), defaultAnalysisStatuses),
    /**
     * Paging of the status lookup (docs/decisions/018-status-paging-as-a-reading.md): the query parameters
     * that reach pages after the first. Absent: only the first page is read.
     */
    analysisStatusPaging: z.optional(analysisStatusPagingSchema),
    /**
     * Status lookups a batch keeps in flight at once (a 429 lowers it for a while). At most 6: a browser
     * opens no more than six HTTP/1.1 connections to one host, and the rest would only queue there.
     */
    batchConcurrency: z._default(int(1, 6), 4),
    /** The institution's name at the top of printed pages. */
    institutionName: z._default(text, 'Cartões · Back-office'),
    auth: z._default(authSchema, { type: 'token' }),
    sessionLimits: z._default(sessionLimitsSchema, {
      idleTimeoutSeconds: 300,
      absoluteLifetimeSeconds: 8 * 60 * 60,
    }),
    /**
     * A CEP service answering in ViaCEP's shape; `{cep}` stands for the 8 digits (e.g.
     * "https://viacep.com.br/ws/{cep}/json/"). Absent: no lookup, the address is typed.
     */
    cepLookupUrl: z.optional(
      endpointUrlSchema({ allowPath: true }).check(
        z.refine((value) => value.includes('{cep}'), { message: 'must have {cep} in it' }),
      ),
    ),
    /**
     * Where the app sends its operational reports (uncaught errors, failed calls, Web Vitals; never personal
     * data): docs/decisions/014-operational-reports.md. Absent: nothing is sent.
     */
    reportUrl: z.optional(endpointUrlSchema({ allowPath: true })),
    /**
     * Fields the form may leave blank though the interface does not say they may be empty (the employer):
     * "require" (default) asks for them; "omit" (the provider accepts the field left out) leaves a blank
     * one out of the body. Never sent as "".
     */
    blankOptionalFields: z._default(z.enum(['require', 'omit']), 'require'),
    /**
     * A street without a number ("S/N"; `numero` is an integer): "zero-and-complemento" (default) sends
     * numero 0 with "S/N" at the start of `complemento`; "refuse" asks for a number.
     */
    streetNumberWithoutNumber: z._default(z.enum(['zero-and-complemento', 'refuse']), 'zero-and-complemento'),
  })
  .check(
    // Provider mode: a bearer token (or a report) must never travel over plain http to another machine.
    ...(['baseUrl', 'accountsBaseUrl', 'cepLookupUrl', 'reportUrl'] as const).map((key) =>
      z.refine<{ mode: string } & Partial<Record<typeof key, string | undefined>>>(
        (config) => {
          const value = config[key];
          return config.mode !== 'provider' || value === undefined || providerUrlViolation(value) === null;
        },
        {
          path: [key],
          error: (issue) => {
            const input = issue.input as Partial<Record<string, unknown>>;
            return providerUrlViolation(String(input[key])) ?? 'invalid URL';
          },
        },
      ),
    ),
  );

function providerUrlViolation(value: string): string | null {
  return urlRuleViolation(value, { allowPath: true, allowHttp: false });
}

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** The unit of `valorrenda`: `incomeUnit`, else the shared `moneyUnit`. */
export function incomeUnitOf(
  config: Pick<RuntimeConfig, 'incomeUnit' | 'moneyUnit'>,
): RuntimeConfig['moneyUnit'] {
  return config.incomeUnit ?? config.moneyUnit;
}

/** The unit of the account balances: `balanceUnit`, else the shared `moneyUnit`. */
export function balanceUnitOf(
  config: Pick<RuntimeConfig, 'balanceUnit' | 'moneyUnit'>,
): RuntimeConfig['moneyUnit'] {
  return config.balanceUnit ?? config.moneyUnit;
}
