import * as z from 'zod/mini';
import { accountListResponseSchema } from '@/api/accounts/accounts-schema';
import { analysisStatusPageSchema } from '@/api/schemas/analysis-status';
import { cardOperationResultSchema } from '@/api/schemas/cards';
import { productListResponseSchema } from '@/api/schemas/products';
import { INTERNAL_ERROR_MESSAGE, statusTitle } from './errors';
import { DEFAULT_RETRY_AFTER_SECONDS, type Fault, type FaultKind, type SandboxEndpoint } from './faults';
import { errorReply, jsonReply, type SandboxReply } from './reply';
import { ACCOUNTS_READ_SCOPE } from './tokens';

/** Kinds that answer in place of the endpoint: no authentication, no effect. */
const replacingKinds = ['500', '502', '503', '401', '403', '404', '409', '400', '400-list', '429'] as const;
type ReplacingKind = (typeof replacingKinds)[number];

export function isReplacingKind(kind: FaultKind): kind is ReplacingKind {
  return replacingKinds.some((replacing) => replacing === kind);
}

/** Kinds that let the endpoint run (and commit) and then rewrite a successful answer. */
const bodyKinds = ['malformed', 'empty200', 'schemaDrift', 'xssData'] as const;
type BodyKind = (typeof bodyKinds)[number];

export function isBodyKind(kind: FaultKind): kind is BodyKind {
  return bodyKinds.some((body) => body === kind);
}

/** Strings that would run script if the app ever rendered server text as HTML or as a URL. */
export const XSS_PAYLOADS = [
  '<img src=x onerror=window.__x=1>',
  '<script>window.__x=1</script>',
  'javascript:alert(1)',
] as const;

/** The body of the credit request's success answer, as the sandbox builds it. */
export const creditSuccessBodySchema = z.object({
  conteudo: z.object({ CodigoParaAcompanhamento: z.string(), Status: z.string() }),
  sucesso: z.boolean(),
});

function htmlPage(status: number): string {
  const title = `${status} ${statusTitle(status)}`;
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
}

const conflictMessages: Partial<Record<SandboxEndpoint, string>> = {
  creditRequest: 'Já existe uma proposta em andamento para este CPF.',
  createVirtualCard: 'Já existe uma solicitação de cartão virtual em andamento para esta conta.',
  cancelCard: 'Já existe um cancelamento em andamento para este cartão.',
};

const badRequestMessages: Record<SandboxEndpoint, string> = {
  products: 'Requisição inválida.',
  creditRequest: 'portador.datadenascimento: data inválida',
  analysisStatus: 'CPF inválido',
  createVirtualCard: 'account: conta inválida',
  cancelCard: 'cardCode: cartão inválido',
  allAccounts: 'Requisição inválida.',
};

// NestJS ValidationPipe answers a 400 with one class-validator message per failed constraint.
const validationLists: Record<SandboxEndpoint, string[]> = {
  products: ['unexpected query parameter'],
  creditRequest: [
    'portador.cpf must be a valid CPF',
    'portador.enderecos.0.cep must match /^\\d{8}$/ regular expression',
    'portador.telefones should not be empty',
  ],
  analysisStatus: ['document must be a valid CPF'],
  createVirtualCard: ['account must be an integer number'],
  cancelCard: ['cardCode must be an integer number', 'cardCode must be a positive number'],
  allAccounts: ['unexpected query parameter'],
};

/** The answer of a fault that replaces the endpoint's own answer. */
export function replacingFaultReply(
  kind: ReplacingKind,
  fault: Fault,
  endpoint: SandboxEndpoint,
): SandboxReply {
  const retryAfter = String(fault.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
  switch (kind) {
    case '500':
      return errorReply(500, INTERNAL_ERROR_MESSAGE);
    case '502':
      return { type: 'raw', status: 502, body: htmlPage(502), contentType: 'text/html; charset=utf-8' };
    case '503':
      return {
        type: 'raw',
        status: 503,
        body: htmlPage(503),
        contentType: 'text/html; charset=utf-8',
        ...(fault.retryAfterSeconds === undefined ? {} : { headers: { 'Retry-After': retryAfter } }),
      };
    case '401':
      return errorReply(401, 'Token de acesso expirado. Autentique-se novamente.', {
        'WWW-Authenticate': 'Bearer realm="sandbox", error="invalid_token"',
      });
    case '403':
      return errorReply(
        403,
        endpoint === 'allAccounts'
          ? `O token não tem o escopo ${ACCOUNTS_READ_SCOPE}`
          : 'O token não tem permissão para esta operação.',
      );
    case '404':
      return errorReply(
        404,
        endpoint === 'analysisStatus'
          ? 'Nenhuma proposta encontrada para o CPF informado.'
          : 'Recurso não encontrado.',
      );
    case '409':
      return errorReply(409, conflictMessages[endpoint] ?? 'Conflito com o estado atual do recurso.');
    case '400':
      return errorReply(400, badRequestMessages[endpoint]);
    case '400-list':
      return jsonReply(400, { message: validationLists[endpoint], error: 'Bad Request', statusCode: 400 });
    case '429':
      return errorReply(429, `Muitas requisições. Tente novamente em ${retryAfter} segundos.`, {
        'Retry-After': retryAfter,
      });
  }
}

/** Right top level, wrong insides: what a provider that changed its contract without notice might send. */
const driftBodies: Record<SandboxEndpoint, unknown> = {
  products: {
    conteudo: {
      produtos: [
        { codigo: 101, anuidade: 'Sem anuidade' },
        { codigo: 102, anuidade: null },
      ],
    },
  },
  creditRequest: { conteudo: { CodigoParaAcompanhamento: 1000, Status: null }, sucesso: 'true' },
  analysisStatus: {
    conteudo: {
      numeroDaPagina: '1',
      tamanhoDaPagina: 10,
      totalDePaginas: null,
      totalDeRegistros: '1',
      resultados: [{ CodigoParaAcompanhamento: 123, Status: 1 }],
      erros: null,
      alertas: {},
      sucesso: 'sim',
    },
  },
  createVirtualCard: { message: 200, timestamp: 1_763_700_000_000 },
  cancelCard: { message: null, timestamp: 'ontem' },
  allAccounts: {
    accounts: [
      {
        accountId: 100001,
        isDefault: 'sim',
        balance: { total: '1.234,56', blocked: null },
        taxId: 11_222_333_000_181,
        officialName: null,
        tradeName: 'Conta Deriva',
        branch: 1,
        account: 123456,
      },
    ],
  },
};

const xss = (index: number) => XSS_PAYLOADS[index % XSS_PAYLOADS.length] ?? XSS_PAYLOADS[0];

/** Keeps the contract's shape (so the app gets past parsing) but puts script-like text in every label. */
function xssBody(endpoint: SandboxEndpoint, body: unknown): unknown {
  switch (endpoint) {
    case 'products': {
      const parsed = productListResponseSchema.safeParse(body);
      if (!parsed.success) return body;
      const produtos = parsed.data.conteudo.produtos.map((product, index) => ({
        ...product,
        nome: `${xss(index)} ${product.nome}`,
        anuidade: `${xss(index + 1)} ${product.anuidade}`,
      }));
      produtos.push({ codigo: '666', nome: XSS_PAYLOADS[1], anuidade: XSS_PAYLOADS[2] });
      return { ...parsed.data, conteudo: { ...parsed.data.conteudo, produtos } };
    }
    case 'allAccounts': {
      const parsed = accountListResponseSchema.safeParse(body);
      if (!parsed.success) return body;
      const accounts = parsed.data.accounts.map((account, index) => ({
        ...account,
        tradeName: `${xss(index)} ${account.tradeName}`,
        officialName: `${xss(index + 1)} ${account.officialName}`,
      }));
      return { ...parsed.data, accounts };
    }
    case 'analysisStatus': {
      const parsed = analysisStatusPageSchema.safeParse(body);
      if (!parsed.success) return body;
      const { conteudo } = parsed.data;
      const resultados = [
        ...conteudo.resultados.map((result, index) => ({
          ...result,
          Status: `${xss(index)} ${result.Status}`,
        })),
        { CodigoParaAcompanhamento: XSS_PAYLOADS[1], Status: XSS_PAYLOADS[0] },
      ];
      return {
        ...parsed.data,
        conteudo: {
          ...conteudo,
          totalDeRegistros: conteudo.totalDeRegistros + 1,
          totalDePaginas: Math.max(conteudo.totalDePaginas, 1),
          resultados,
          erros: [...conteudo.erros, XSS_PAYLOADS[1]],
          alertas: [
            ...conteudo.alertas,
            XSS_PAYLOADS[0],
            { codigo: XSS_PAYLOADS[2], mensagem: XSS_PAYLOADS[1] },
          ],
        },
      };
    }
    case 'creditRequest': {
      const parsed = creditSuccessBodySchema.safeParse(body);
      if (!parsed.success) return body;
      return {
        ...parsed.data,
        conteudo: { ...parsed.data.conteudo, Status: `${XSS_PAYLOADS[0]} ${parsed.data.conteudo.Status}` },
      };
    }
    case 'createVirtualCard':
    case 'cancelCard': {
      const parsed = cardOperationResultSchema.safeParse(body);
      if (!parsed.success) return body;
      return { ...parsed.data, message: `${XSS_PAYLOADS[0]} ${parsed.data.message} ${XSS_PAYLOADS[2]}` };
    }
  }
}

/** Rewrites a successful answer; error answers pass through untouched. */
export function applyBodyFault(kind: BodyKind, endpoint: SandboxEndpoint, reply: SandboxReply): SandboxReply {
  if (reply.type !== 'json' || reply.status < 200 || reply.status >= 300) return reply;
  switch (kind) {
    case 'malformed':
      return {
        type: 'raw',
        status: 200,
        body: '{"conteudo":',
        contentType: 'application/json; charset=utf-8',
      };
    case 'empty200':
      return { type: 'raw', status: 200, body: '', contentType: 'application/json; charset=utf-8' };
    case 'schemaDrift':
      return jsonReply(reply.status, driftBodies[endpoint]);
    case 'xssData':
      return jsonReply(reply.status, xssBody(endpoint, reply.body));
  }
}
