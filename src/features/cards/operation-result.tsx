import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnknownOutcome } from '@/api/api-error';
import type { CardOperationResult } from '@/api/schemas/cards';
import { ApiErrorAlert } from '@/components/api-error-alert';

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
}

/** The provider's answer to a card operation: its message and timestamp, or the failure in words. */
export function OperationResult({ result, error, errorTitle, focusRef }: OperationResultProps) {
  const { t, i18n } = useTranslation();
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
        <Alert severity="success" role="status">
          <AlertTitle>{t('cards.resultTitle')}</AlertTitle>
          {/* Provider text, rendered as text. */}
          <div>{result.message}</div>
          <div>
            <time dateTime={result.timestamp}>
              {t('cards.resultAt', { time: formatLocalDateTime(result.timestamp, i18n.language) })}
            </time>
          </div>
        </Alert>
      ) : null}
    </Box>
  );
}
