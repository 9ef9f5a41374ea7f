import * as z from 'zod/mini';

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

/** Absolute http(s) URL, or a path on this origin (starting with "/"), without a trailing slash. */
const baseUrlSchema = text.check(
  z.refine((value) => /^https?:\/\/[^\s]+$/.test(value) || /^\/[^\s]*$/.test(value), {
    message: 'must be an http(s) URL or a path starting with "/"',
  }),
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

export const runtimeConfigSchema = z.object({
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
  /** Unit of `valorrenda` and of account balances: integer cents or reais. */
  moneyUnit: z._default(z.enum(['centavos', 'reais']), 'centavos'),
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
   * A CEP service answering in ViaCEP's shape; `{cep}` stands for the 8 digits (e.g.
   * "https://viacep.com.br/ws/{cep}/json/"). Absent: no lookup, the address is typed.
   */
  cepLookupUrl: z.optional(
    text.check(
      z.refine(
        (value) => value.includes('{cep}') && (/^https?:\/\/\S+$/.test(value) || /^\/\S*$/.test(value)),
        {
          message: 'must be an http(s) URL or a path starting with "/", with {cep} in it',
        },
      ),
    ),
  ),
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
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
