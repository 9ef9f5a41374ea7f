import type * as z from 'zod/mini';
import { cancelCardRequestSchema, virtualCardRequestSchema } from '@/api/schemas/cards';
import { creditApplicationRequestSchema } from '@/api/schemas/credit-application';
import { isValidCpf } from '@/lib/cpf';
import type { SandboxEndpoint } from './faults';
import { statusWord, type SandboxProfile } from './profiles';
import { errorReply, jsonReply, type SandboxReply } from './reply';
import type { SandboxStore } from './store';
import { ACCOUNTS_READ_SCOPE } from './tokens';

/**
 * The six endpoints of the interface (section 4) as plain functions of the store and the request. HTTP
 * concerns shared by all of them (auth, faults, idempotency, headers) live in handlers.ts.
 */

export interface RouteContext {
  store: SandboxStore;
  request: Request;
  /** Path parameters, already URL-decoded. */
  params: Record<string, string | undefined>;
  scopes: readonly string[];
}

export interface Route {
  endpoint: SandboxEndpoint;
  /** Creates something: honours Idempotency-Key. */
  mutation: boolean;
  run: (context: RouteContext) => SandboxReply | Promise<SandboxReply>;
}

/** Largest body the sandbox reads; a real gateway would refuse much earlier than a browser would notice. */
const MAX_BODY_BYTES = 64 * 1024;

type BodyResult<T> = { ok: true; value: T } | { ok: false; reply: SandboxReply };

/** Zod's English defaults, in Portuguese, for the codes a hand-made body hits most. */
function portugueseIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined ? 'campo obrigatório' : `tipo inválido: esperado ${issue.expected}`;
  }
  return undefined;
}

function describeIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'corpo inválido';
  const path = issue.path.map(String).join('.');
  return `${path === '' ? 'corpo' : path}: ${issue.message}`;
}

async function readJsonBody<T>(request: Request, schema: z.ZodMiniType<T>): Promise<BodyResult<T>> {
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    return { ok: false, reply: errorReply(413, `Corpo da requisição maior que ${MAX_BODY_BYTES} bytes.`) };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reply: errorReply(400, 'Corpo da requisição não é um JSON válido.') };
  }
  const parsed = schema.safeParse(raw, { error: portugueseIssue });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reply: errorReply(400, describeIssue(parsed.error)) };
}

/** A card operation's answer (2.4), with members beyond the interface's two when given (`extra`). */
function operationResult(
  store: SandboxStore,
  message: string,
  extra: Record<string, unknown> = {},
): SandboxReply {
  return jsonReply(store.profile.cardReplyStatus, {
    message,
    timestamp: new Date(store.now()).toISOString(),
    ...extra,
  });
}

/** The two fields the interface says may be empty (section 2.2.1, endereco). */
const MAY_BE_EMPTY = new Set(['complemento', 'pontoreferencia']);

/** The path of the first `""` in `value` outside the fields that may be empty, or null. */
export function firstEmptyString(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (value === '') {
    const last = path.at(-1);
    return typeof last === 'string' && MAY_BE_EMPTY.has(last) ? null : path.join('.');
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstEmptyString(item, [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = firstEmptyString(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The success answer of the credit request as the profile reads the interface's unshown body. */
function creditRequestSuccess(
  profile: SandboxProfile,
  submitted: { CodigoParaAcompanhamento: string; Status: string },
): SandboxReply {
  const conteudo = { ...submitted, Status: statusWord(profile, submitted.Status) };
  switch (profile.creditRequestReply) {
    case '202-empty':
      return { type: 'raw', status: 202, body: '', contentType: 'application/json' };
    case '200-body':
      return jsonReply(200, { trackingCode: conteudo.CodigoParaAcompanhamento, status: conteudo.Status });
    default:
      return jsonReply(201, { conteudo, sucesso: true });
  }
}

const products: Route = {
  endpoint: 'products',
  mutation: false,
  run: ({ store }) => jsonReply(200, { conteudo: { produtos: store.listProducts() } }),
};

const creditRequest: Route = {
  endpoint: 'creditRequest',
  mutation: true,
  run: async ({ store, request }) => {
    const body = await readJsonBody(request, creditApplicationRequestSchema);
    if (!body.ok) return body.reply;
    store.recordRequest('creditRequest', {
      body: body.value,
      idempotencyKey: request.headers.get('Idempotency-Key'),
    });
    const { portador, codigodoproduto } = body.value;
    const en = store.profile.messages === 'en';
    if (store.profile.refuseEmptyStrings) {
      const empty = firstEmptyString(body.value);
      if (empty !== null)
        return errorReply(400, `${empty}: ${en ? 'must not be empty' : 'não pode ser vazio'}`);
    }
    // Rules the shape schema leaves to the server (the interface is silent; these are the sandbox's).
    if (!isValidCpf(portador.cpf)) return errorReply(400, 'portador.cpf: CPF inválido');
    if (!store.hasProduct(String(codigodoproduto))) {
      return errorReply(400, `codigodoproduto: produto ${codigodoproduto} não existe`);
    }
    if (portador.telefones.length === 0)
      return errorReply(400, 'portador.telefones: informe ao menos um telefone');
    if (portador.enderecos.length === 0)
      return errorReply(400, 'portador.enderecos: informe ao menos um endereço');
    const mailing = portador.enderecos.filter((endereco) => endereco.enderecocorrespondencia).length;
    if (mailing !== 1) {
      return errorReply(
        400,
        `portador.enderecos: exatamente um endereço deve ser de correspondência (há ${mailing})`,
      );
    }
    return creditRequestSuccess(store.profile, store.submitApplication(body.value));
  },
};

/**
 * The page asked for in the query string, under a profile that pages: the number from the profile's
 * first page, the size capped at its most (as providers do), a bad value refused with a 400.
 */
function pageRequest(
  store: SandboxStore,
  request: Request,
): { ok: true; page?: number; size?: number } | { ok: false; reply: SandboxReply } {
  const paging = store.profile.paging;
  if (!paging) return { ok: true };
  const query = new URL(request.url).searchParams;
  const en = store.profile.messages === 'en';
  const read = (name: string, min: number) => {
    const raw = query.get(name);
    if (raw === null) return { ok: true as const, value: undefined };
    const value = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= min)) {
      const message = en
        ? `${name}: must be a whole number from ${min}`
        : `${name}: deve ser um número inteiro a partir de ${min}`;
      return { ok: false as const, reply: errorReply(400, message) };
    }
    return { ok: true as const, value };
  };
  const page = read(paging.pageParameter, paging.firstPage);
  if (!page.ok) return page;
  const size = read(paging.pageSizeParameter, 1);
  if (!size.ok) return size;
  return {
    ok: true,
    ...(page.value === undefined ? {} : { page: page.value }),
    ...(size.value === undefined ? {} : { size: Math.min(size.value, paging.maxPageSize) }),
  };
}

const analysisStatus: Route = {
  endpoint: 'analysisStatus',
  mutation: false,
  run: ({ store, params, request }) => {
    const document = params['document'] ?? '';
    // The interface asks for 11 digits without punctuation; a masked CPF is refused like any other.
    if (!/^\d{11}$/.test(document) || !isValidCpf(document)) return errorReply(400, 'CPF inválido');
    const asked = pageRequest(store, request);
    if (!asked.ok) return asked.reply;
    const page = store.analysisPage(document, asked);
    if (!store.knowsCpf(document)) {
      // Which answer an unknown CPF gets is not shown by the interface; the profile picks one.
      if (store.profile.unknownCpf === '404')
        return errorReply(404, 'Nenhuma proposta encontrada para o documento informado.');
      if (store.profile.unknownCpf === 'sucesso-false') {
        const message = 'Nenhuma proposta encontrada para o documento informado.';
        return jsonReply(200, {
          conteudo: {
            ...page.conteudo,
            erros: [store.profile.notes === 'objects' ? { code: 'NOT_FOUND', message } : message],
            sucesso: false,
          },
        });
      }
    }
    return jsonReply(200, page);
  },
};

const createVirtualCard: Route = {
  endpoint: 'createVirtualCard',
  mutation: true,
  run: async ({ store, request }) => {
    const body = await readJsonBody(request, virtualCardRequestSchema);
    if (!body.ok) return body.reply;
    store.recordRequest('createVirtualCard', {
      body: body.value,
      idempotencyKey: request.headers.get('Idempotency-Key'),
    });
    const code = body.value.account;
    const account = store.accountForCode(code);
    if (!account) {
      return errorReply(
        400,
        store.profile.messages === 'en' ? `account: unknown account ${code}` : `Conta ${code} não encontrada`,
      );
    }
    const cardCode = store.createVirtualCard(account.accountId);
    // The message names the account only, as a provider's may; the new card's code comes as a member the
    // interface does not show ("fields of the card record beyond its code: not shown").
    return operationResult(store, `Cartão virtual solicitado para a conta ${code}`, { cardCode });
  },
};

const cancelCard: Route = {
  endpoint: 'cancelCard',
  mutation: true,
  run: async ({ store, request, params }) => {
    const pathCode = params['cardCode'] ?? '';
    if (!/^\d{1,15}$/.test(pathCode)) return errorReply(400, 'cardCode da URL deve ser um número inteiro');
    const body = await readJsonBody(request, cancelCardRequestSchema);
    if (!body.ok) return body.reply;
    const code = body.value.cardCode;
    if (code !== Number(pathCode)) {
      return errorReply(400, `cardCode do corpo (${code}) difere do cardCode da URL (${Number(pathCode)})`);
    }
    const result = store.cancelCard(code);
    if (!result.ok) {
      return errorReply(
        400,
        result.reason === 'not-found' ? `Cartão ${code} não encontrado` : `Cartão ${code} já está cancelado`,
      );
    }
    return operationResult(store, `Cartão ${code} cancelado`);
  },
};

const allAccounts: Route = {
  endpoint: 'allAccounts',
  mutation: false,
  run: ({ store, scopes }) => {
    if (!scopes.includes(ACCOUNTS_READ_SCOPE)) {
      return errorReply(403, `O token não tem o escopo ${ACCOUNTS_READ_SCOPE}`);
    }
    return jsonReply(200, { accounts: store.listAccounts() });
  },
};

export const routes: readonly Route[] = [
  products,
  creditRequest,
  analysisStatus,
  createVirtualCard,
  cancelCard,
  allAccounts,
];
