import type { TFunction } from '@/lib/i18n';
import { isApiError, type ApiError } from '@/api/api-error';
import { errorObjectForSupport } from '@/lib/personal-data-mask';

export interface ErrorDescription {
  /** What happened and what to do, in the UI language and the operator's words. */
  summary: string;
  /** The provider's own words (Error object `message`), shown as text. */
  providerMessages: string[];
  /** Whether trying again may help. */
  retryable: boolean;
  /**
   * What support needs and the operator does not: the operation, the HTTP status, the field that broke
   * the contract, the provider's raw Error object. Shown only under "Detalhes técnicos".
   */
  technical: string[];
}

/**
 * The support lines of `error`, never a token or personal data: the operation is a path template, and
 * the provider's Error object keeps its shape, status and reason phrase but none of its texts (its
 * messages, extra fields: they may name the applicant or hold a CPF; the screen shows the messages).
 */
function technicalLines(error: ApiError, t: TFunction): string[] {
  const lines = [t('errors.technical.operation', { operation: error.operation })];
  if (error.status !== null) lines.push(t('errors.technical.status', { status: String(error.status) }));
  else lines.push(t('errors.technical.kind', { kind: error.kind }));
  if (error.kind === 'contract')
    lines.push(
      error.field === null
        ? t('errors.technical.contractBody')
        : t('errors.technical.field', { field: error.field }),
    );
  if (error.retryAfterSeconds !== null)
    lines.push(t('errors.technical.retryAfter', { seconds: String(error.retryAfterSeconds) }));
  if (error.networkHint === 'idempotency-key-header') lines.push(t('errors.technical.headerRefused'));
  if (error.errorObject !== null)
    lines.push(
      t('errors.technical.errorObject', {
        json: JSON.stringify(errorObjectForSupport(error.errorObject, t('errors.technical.omitted'))),
      }),
    );
  return lines;
}

/** Turns any failure of a provider call into words for the operator. Never exposes internals. */
export function describeApiError(error: unknown, t: TFunction, timeoutMs?: number): ErrorDescription {
  if (!isApiError(error))
    return { summary: t('errors.api.unexpected'), providerMessages: [], retryable: true, technical: [] };
  const technical = technicalLines(error, t);
  const providerMessages = error.providerMessages;
  const said = (summary: string, retryable: boolean, messages: string[] = []): ErrorDescription => ({
    summary,
    providerMessages: messages,
    retryable,
    technical,
  });
  switch (error.kind) {
    case 'network':
      return said(
        error.networkHint === 'idempotency-key-header'
          ? t('errors.api.networkHeaderRefused')
          : t('errors.api.network'),
        true,
      );
    case 'timeout':
      return said(
        t('errors.api.timeout', { seconds: String(Math.round((timeoutMs ?? 15000) / 1000)) }),
        true,
      );
    case 'contract':
      return said(t('errors.api.contract'), true);
    case 'unauthenticated':
      return said(t('errors.api.unauthorized'), false);
    case 'refused':
      return said(t('errors.api.refusedOrigin'), false);
    case 'http':
      break;
  }
  const status = error.status ?? 0;
  if (status === 401) return said(t('errors.api.unauthorized'), false, providerMessages);
  if (status === 403) return said(t('errors.api.forbidden'), false, providerMessages);
  if (status === 429)
    return said(
      error.retryAfterSeconds !== null
        ? t('errors.api.rateLimited', { seconds: String(error.retryAfterSeconds) })
        : t('errors.api.rateLimitedNoWait'),
      true,
      providerMessages,
    );
  // A gateway in front of the provider (deploy/) answers these when the provider is down or too slow.
  if (status === 502 || status === 504) return said(t('errors.api.noAnswer'), true, providerMessages);
  if (status >= 500)
    return providerMessages.length > 0
      ? said(`${t('errors.api.server')} ${t('errors.api.tryLater')}`, true, providerMessages)
      : said(t('errors.api.serverNoBody'), true);
  return said(t('errors.api.clientError'), false, providerMessages);
}
