import { accountsTexts } from '@/features/accounts/texts';
import { analysisBatchTexts } from '@/features/analysis-status/batch/batch-texts';
import { analysisStatusTexts } from '@/features/analysis-status/texts';
import { authTexts } from '@/features/auth/texts';
import { reauthTexts } from '@/features/auth/reauth-texts';
import { copyCodeTexts } from '@/components/copy-code-texts';
import { virtualCardCodeTexts } from '@/components/virtual-card-code-texts';
import { navTexts } from '@/app/layout/nav-texts';
import { signOutDialogTexts } from '@/app/layout/sign-out-dialog-texts';
import { cardsTexts } from '@/features/cards/texts';
import { creditApplicationTexts } from '@/features/credit-application/texts';
import { productsTexts } from '@/features/products/texts';
import { en } from './en';
import { ptBR } from './pt-br';

/**
 * What an operator reads is in the operator's words: the HTTP status, JSON, the provider's field names,
 * the config keys and the scopes belong to support, and are shown only in a "Detalhes técnicos"
 * disclosure or the copyable report. Texts for that view sit under a key whose name says `technical`.
 */
const tables: Record<string, unknown> = {
  app: { 'pt-BR': ptBR, en },
  accounts: accountsTexts,
  analysisBatch: analysisBatchTexts,
  analysisStatus: analysisStatusTexts,
  auth: authTexts,
  reauth: reauthTexts,
  copyCode: copyCodeTexts,
  virtualCardCode: virtualCardCodeTexts,
  nav: navTexts,
  signOutDialog: signOutDialogTexts,
  cards: cardsTexts,
  creditApplication: creditApplicationTexts,
  products: productsTexts,
};

/** Every string of a text table with its key path. */
function strings(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, `${path}.${key}`));
}

/** Developer words, each with why it is one. */
const developerWords: Array<[RegExp, string]> = [
  [/\bHTTPS?\b/, 'an HTTP status belongs to the technical details'],
  [/\bJSON\b/, 'JSON belongs to the technical details'],
  [/\{\}|\[\]/, 'an empty object or list is a developer’s notation'],
  [/\bsucesso\s*:/, 'a field of the provider’s answer'],
  [/(?<![\d.,])(?:400|401|403|404|409|413|429|500|502|503|504)(?![\d.,])/, 'a raw HTTP status code'],
  [/\b[a-z]+(?:\.\d+)?\.[a-z]+\.[a-z]+/i, 'a field path'],
  [/\{\{(?:field|key|status|statusCode)\}\}/, 'a field name, key or status put into the text'],
  [/\b(?:accounts|cards):(?:read|write)\b/, 'a scope name'],
  [
    /\b(?:baseUrl|accountsBaseUrl|balanceUnit|incomeUnit|moneyUnit|sendIdempotencyKey|virtualCardAccountField|requestTimeoutMs|analysisStatuses|analysisStatusPaging|printedNameMaxLength|blankOptionalFields|streetNumberWithoutNumber|cepLookupUrl|reportUrl)\b/,
    'a configuration key (the details name it)',
  ],
  [
    /\b(?:nomeimpresso|nomedamae|datadenascimento|numerodaidentidade|orgaoexpedidordaidentidade|unidadefederativadaidentidade|datadeemissaodaidentidade|estadocivil|codigodaprofissao|siglanacionalidade|numerodaagencia|numerodacontacorrente|nomeempresa|valorrenda|cartoesadicionais|tipotelefone|numerododdd|numerodotelefone|enderecocorrespondencia|tipoendereco|pontoreferencia|diadovencimento|codigodoproduto|cartaodecredito|CodigoParaAcompanhamento|numeroDaPagina|tamanhoDaPagina|totalDePaginas|totalDeRegistros|accountId|tradeName|officialName|taxId|isDefault|cardCode|statusCode|Idempotency-Key)\b/,
    'a field name of the interface',
  ],
];

/**
 * The details view, and the start-up page a broken config.json shows to whoever deploys (PRODUCT.md asks
 * it to name the bad key).
 */
const technical = (path: string) => /technical/i.test(path) || /\.errors\.config/.test(path);

describe('operator-facing texts', () => {
  const all = Object.entries(tables).flatMap(([name, table]) => strings(table, name));

  it('are read from every texts table (the check has something to check)', () => {
    expect(all.length).toBeGreaterThan(500);
  });

  it('say "none" for a count of zero in Portuguese, which reads 0 as singular ("0 produto")', () => {
    const portuguese = all.filter(([path]) => path.includes('.pt-BR.'));
    const keys = new Set(portuguese.map(([path]) => path));
    // Counts that are never zero where they are shown (a summary of problems, a retry of failures…).
    const neverZero =
      /(problems|summaryTitle|title|incomplete|completeZeros|retryFailed|failed|journal)_one$/;
    const missing = portuguese
      .map(([path]) => path)
      .filter((path) => path.endsWith('_one') && !neverZero.test(path))
      .filter((path) => !keys.has(path.replace(/_one$/, '_zero')));
    expect(missing).toEqual([]);
  });

  it('hold no developer words outside the technical details', () => {
    const found = all
      .filter(([path]) => !technical(path))
      .flatMap(([path, text]) => {
        // A placeholder's name is not read, its value is: those standing for data ({{tradeName}}) go.
        const read = text.replace(/\{\{(?!(?:field|key|status|statusCode)\}\})\w+\}\}/g, '…');
        return developerWords
          .filter(([pattern]) => pattern.test(read))
          .map(([, why]) => `${path}: ${why}: "${text}"`);
      });
    expect(found).toEqual([]);
  });
});
