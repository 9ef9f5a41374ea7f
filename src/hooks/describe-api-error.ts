import type { TFunction } from '@/lib/i18n';
import { isApiError } from '@/api/api-error';

export interface ErrorDescription {
  /** What happened and what to do, in the UI language. */
  summary: string;
  /** The provider's own words (Error object `message`), shown as text. */
  providerMessages: string[];
  /** Whether trying again may help. */
  retryable: boolean;
}

/** Turns any failure of a provider call into words for the operator. Never exposes internals. */
export function describeApiError(error: unknown, t: TFunction, timeoutMs?: number): ErrorDescription {
  if (!isApiError(error))
    return { summary: t('errors.api.unexpected'), providerMessages: [], retryable: true };
  const providerMessages = error.providerMessages;
  switch (error.kind) {
    case 'network':
      return {
        summary:
          error.networkHint === 'idempotency-key-header'
            ? t('errors.api.networkHeaderRefused')
            : t('errors.api.network'),
        providerMessages: [],
        retryable: true,
      };
    case 'timeout':
      return {
        summary: t('errors.api.timeout', { seconds: String(Math.round((timeoutMs ?? 15000) / 1000)) }),
        providerMessages: [],
        retryable: true,
      };
    case 'contract':
      return {
        summary: t('errors.api.contract', { field: error.field ?? t('errors.api.contractBody') }),
        providerMessages: [],
        retryable: true,
      };
    case 'unauthenticated':
      return { summary: t('errors.api.unauthorized'), providerMessages: [], retryable: false };
    case 'refused':
      return { summary: t('errors.api.refusedOrigin'), providerMessages: [], retryable: false };
    case 'http':
      break;
  }
  const status = error.status ?? 0;
  if (status === 401) return { summary: t('errors.api.unauthorized'), providerMessages, retryable: false };
  if (status === 403) return { summary: t('errors.api.forbidden'), providerMessages, retryable: false };
  if (status === 429) {
    const summary =
      error.retryAfterSeconds !== null
        ? t('errors.api.rateLimited', { seconds: String(error.retryAfterSeconds) })
        : t('errors.api.rateLimitedNoWait');
    return { summary, providerMessages, retryable: true };
  }
  if (status >= 500) {
    return providerMessages.length > 0
      ? {
          summary: `${t('errors.api.server', { status: String(status) })} ${t('errors.api.tryLater')}`,
          providerMessages,
          retryable: true,
        }
      : {
          summary: t('errors.api.serverNoBody', { status: String(status) }),
          providerMessages,
          retryable: true,
        };
  }
  return {
    summary: t('errors.api.clientError', { status: String(status) }),
    providerMessages,
    retryable: false,
  };
}
