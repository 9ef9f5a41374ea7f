import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { Ref } from 'react';
import { useTranslation } from './texts';
import { isApiError, isUnknownOutcome } from '@/api/api-error';
import { readProviderRefusals, type ProviderRefusal } from '@/api/provider-refusal';
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
  /**
   * The request body's fields by top-level name: a 400 whose message starts with one of them
   * (`account: unknown account 123`) names the field by its label, with a button that focuses its input.
   */
  fields?: Readonly<Record<string, RefusalField>>;
}

/** A field of the form a provider refusal may name: its label on screen and how to reach its input. */
export interface RefusalField {
  label: string;
  focus: () => void;
}

/** The provider's answer to a card operation: its message and timestamp, or the failure in words. */
export function OperationResult({
  result,
  error,
  errorTitle,
  focusRef,
  networkRetryCaveatFor,
  fields,
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
          <RefusalOrErrorAlert error={error} title={errorTitle} fields={fields} />
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

/**
 * A 400 whose provider messages name a field of `fields` (read by src/api/provider-refusal.ts, as the
 * wizard does): each such message shows the field's label as a button to its input, then the detail,
 * with the provider's words beside it. Any other error or shape: the usual alert, text as it came.
 */
function RefusalOrErrorAlert({
  error,
  title,
  fields,
}: {
  error: unknown;
  title: string;
  fields: Readonly<Record<string, RefusalField>> | undefined;
}) {
  const { t } = useTranslation();
  const messages = fields && isApiError(error) && error.status === 400 ? error.providerMessages : [];
  const refusals = readProviderRefusals(messages, Object.keys(fields ?? {}));
  const fieldOf = (refusal: ProviderRefusal) =>
    refusal.path === null ? undefined : fields?.[refusal.path.split('.')[0] ?? ''];
  if (!refusals.some((refusal) => fieldOf(refusal))) return <ApiErrorAlert error={error} title={title} />;
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{title}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {refusals.map((refusal, index) => {
          const field = fieldOf(refusal);
          return (
            <li key={`${index}:${refusal.text}`}>
              {field ? (
                <>
                  <Link
                    component="button"
                    type="button"
                    color="inherit"
                    onClick={field.focus}
                    sx={{ font: 'inherit', verticalAlign: 'baseline' }}
                  >
                    {field.label}
                  </Link>
                  {`: ${refusal.detail} `}
                  {/* Provider text, rendered as text. */}
                  <Box component="span" sx={{ opacity: 0.8 }}>
                    {t('cards.providerSaid', { text: refusal.text })}
                  </Box>
                </>
              ) : (
                refusal.text
              )}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
