import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnknownOutcome } from '@/api/api-error';
import type { CardOperationResult } from '@/api/schemas/cards';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { useRuntimeConfig } from '@/config/config-context';

/** `2026-11-21T17:32:05Z` in the operator's local time and language. */
export function formatLocalDateTime(iso: string | Date, language: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

interface OperationResultProps {
  result: CardOperationResult | undefined;
  error: unknown;
  errorTitle: string;
  /** Receives focus after the confirmation dialog closes on an answer. */
  focusRef: Ref<HTMLDivElement>;
  /**
   * For an operation that creates something the interface gives no way to look up afterwards (a virtual
   * card), the account it was for: with `sendIdempotencyKey` off, a success then says that a resend by
   * the network (HTTP/1.1 on a reused connection, docs/deployment.md) cannot be ruled out.
   */
  networkRetryCaveatFor?: number | undefined;
}

/** The provider's answer to a card operation: its message and timestamp, or the failure in words. */
export function OperationResult({
  result,
  error,
  errorTitle,
  focusRef,
  networkRetryCaveatFor,
}: OperationResultProps) {
  const { t, i18n } = useTranslation();
  const { sendIdempotencyKey } = useRuntimeConfig();
  const caveat = networkRetryCaveatFor !== undefined && !sendIdempotencyKey;
  const hasError = error !== null && error !== undefined;
  if (!result && !hasError) return null;
  return (
    <Box ref={focusRef} tabIndex={-1} sx={{ outline: 'none', mt: 2 }}>
      {hasError ? (
        <>
          <ApiErrorAlert error={error} title={errorTitle} />
          {isUnknownOutcome(error) ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('cards.unknownOutcome')}
            </Alert>
          ) : null}
        </>
      ) : result ? (
        // One live region for the answer and its caveat; the Alerts inside are not alerts of their own.
        <div role="status">
          <Alert severity="success" role="none">
            <AlertTitle>{t('cards.resultTitle')}</AlertTitle>
            {/* Provider text, rendered as text. */}
            <div>{result.message}</div>
            <div>
              <time dateTime={result.timestamp}>
                {t('cards.resultAt', { time: formatLocalDateTime(result.timestamp, i18n.language) })}
              </time>
            </div>
          </Alert>
          {caveat ? (
            <Alert severity="warning" role="none" sx={{ mt: 1 }}>
              {t('cards.networkRetryCaveat', { account: networkRetryCaveatFor })}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </Box>
  );
}
