import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, type RefObject } from 'react';
import { useCardsTranslation } from './texts';
import type { ApiError } from '@/api/api-error';
import { readProviderRefusals, type ProviderRefusal } from '@/api/provider-refusal';
import type { CardOperationResult } from '@/api/schemas/cards';
import { newCardCodeOf } from '@/api/cards';
import { CopyCodeButton } from '@/components/copy-code-button';
import { describeApiError } from '@/api/describe-api-error';
import { TechnicalDetails } from '@/components/technical-details';
import { ProviderRefusalList } from '@/components/provider-refusal-list';
import type { ConfirmedOutcome } from '@/hooks/use-confirmed-mutation';
import { useRuntimeConfig } from '@/config/config-context';
import type { CardOperation } from './journal-store';
import { formatDateTime } from '@/lib/date-time-format';

/** `2026-11-21T17:32:05Z` in the operator's local time and language. */
export function formatLocalDateTime(iso: string | Date, language: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  return formatDateTime(date, language, 'medium');
}

/** A field of the form a provider refusal may name: its label on screen and how to reach its input. */
export interface RefusalField {
  label: string;
  focus: () => void;
}

interface OperationOutcomeProps {
  operation: CardOperation;
  outcome: ConfirmedOutcome<CardOperationResult> | null;
  /** The account (virtual card) or card (cancel) code the outcome is about. */
  code: number | null;
  /** The send repeated one whose outcome was unknown (same code, same key). */
  repeat: boolean;
  errorTitle: string;
  /** Receives focus after the confirmation dialog closes on an answer. */
  focusRef: RefObject<HTMLDivElement | null>;
  /** Focus the box as soon as a new outcome shows (the answer to a "send again", with no dialog). */
  autoFocus: boolean;
  /**
   * The request body's fields by top-level name: a 400 whose message starts with one of them
   * (`account: unknown account 123`) names the field by its label, with a button that focuses its input.
   */
  fields: Readonly<Record<string, RefusalField>>;
  /** After an unknown outcome: send the same code again (offered when a resend can tell what happened). */
  onResend: () => void;
}

/**
 * The one outcome of a card operation, in one box: the provider's answer (a virtual card with the key off
 * adds, in the same box, that a resend by the network cannot be ruled out), a cancel confirmed by the
 * "already cancelled" answer to its resend, a refusal (the provider's field paths in the operator's
 * words), or an unknown outcome with the way to resolve it.
 */
export function OperationOutcome({
  operation,
  outcome,
  code,
  repeat,
  errorTitle,
  focusRef,
  autoFocus,
  fields,
  onResend,
}: OperationOutcomeProps) {
  const { t, i18n } = useCardsTranslation();
  const { sendIdempotencyKey, requestTimeoutMs } = useRuntimeConfig();
  useEffect(() => {
    if (autoFocus && outcome) focusRef.current?.focus();
  }, [autoFocus, outcome, focusRef]);
  if (!outcome) return null;

  let box;
  switch (outcome.kind) {
    case 'sent': {
      const { result } = outcome;
      const newCard = operation === 'virtualCard' ? newCardCodeOf(result) : null;
      box = (
        // One live region for the answer and its caveat.
        <div role="status">
          <Alert severity="success" role="none">
            <AlertTitle>{t('cards.resultTitle')}</AlertTitle>
            {/* Provider text, rendered as text. */}
            <div>{result.message}</div>
            {newCard !== null ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                <strong>{t('cards.newCardCode', { code: newCard })}</strong>
                <CopyCodeButton code={String(newCard)} withinLiveRegion />
              </Stack>
            ) : null}
            <div>
              <time dateTime={result.timestamp}>
                {t('cards.resultAt', { time: formatLocalDateTime(result.timestamp, i18n.language) })}
              </time>
            </div>
            {operation === 'virtualCard' && !sendIdempotencyKey ? (
              <Box sx={{ mt: 1 }}>{t('cards.networkRetryCaveat', { account: code ?? '' })}</Box>
            ) : null}
          </Alert>
        </div>
      );
      break;
    }
    case 'confirmed': {
      const { providerMessages } = describeApiError(outcome.error, t, requestTimeoutMs);
      box = (
        <div role="status">
          <Alert severity="success" role="none">
            <AlertTitle>{t('cards.confirmedTitle', { code: code ?? '' })}</AlertTitle>
            <div>{t('cards.confirmedBody')}</div>
            {providerMessages.map((message, index) => (
              <Box key={`${index}:${message}`} sx={{ opacity: 0.8 }}>
                {t('errors.providerSaid', { text: message })}
              </Box>
            ))}
          </Alert>
        </div>
      );
      break;
    }
    case 'refused':
      box = (
        <Alert severity="error" role="alert">
          <AlertTitle>{errorTitle}</AlertTitle>
          <Refusal error={outcome.error} fields={fields} />
          {repeat ? <Box sx={{ mt: 1 }}>{t('cards.repeatRefused')}</Box> : null}
        </Alert>
      );
      break;
    case 'unknown': {
      const { summary, technical } = describeApiError(outcome.error, t, requestTimeoutMs);
      // A cancel sent again tells what happened (cancelled, or already cancelled); a virtual card only
      // when the provider gets the key, which lets it answer the repeat from the first.
      const canResend = operation === 'cancel' || sendIdempotencyKey;
      box = (
        <Alert severity="warning" role="alert">
          <AlertTitle>{t('cards.unknownTitle')}</AlertTitle>
          <Stack spacing={1}>
            <div>{summary}</div>
            <div>
              {operation === 'cancel'
                ? t('cards.unknown.cancel', { code: code ?? '' })
                : sendIdempotencyKey
                  ? t('cards.unknown.virtualCardWithKey', { account: code ?? '' })
                  : t('cards.unknown.virtualCardNoKey', { account: code ?? '' })}
            </div>
            {canResend ? (
              <Box>
                <Button variant="outlined" color="inherit" onClick={onResend}>
                  {t('cards.resend')}
                </Button>
              </Box>
            ) : null}
          </Stack>
          <TechnicalDetails lines={technical} />
        </Alert>
      );
      break;
    }
  }
  return (
    <Box ref={focusRef} tabIndex={-1} sx={{ outline: 'none', mt: 2 }}>
      {box}
    </Box>
  );
}

/**
 * A 400 whose provider messages name a field of `fields` (read by src/api/provider-refusal.ts, as the
 * wizard does): the shared refusal list, each such field a button to its input. Any other error or
 * shape: the provider's words and what happened, as they came.
 */
function Refusal({ error, fields }: { error: ApiError; fields: Readonly<Record<string, RefusalField>> }) {
  const { t } = useCardsTranslation();
  const { requestTimeoutMs } = useRuntimeConfig();
  const messages = error.status === 400 ? error.providerMessages : [];
  const refusals = readProviderRefusals(messages, Object.keys(fields));
  const fieldOf = (refusal: ProviderRefusal) =>
    refusal.path === null ? undefined : fields[refusal.path.split('.')[0] ?? ''];
  if (refusals.some((refusal) => fieldOf(refusal)))
    return (
      <ProviderRefusalList
        refusals={refusals}
        fieldOf={(refusal) => {
          const field = fieldOf(refusal);
          return field ? (
            <Link
              component="button"
              type="button"
              color="inherit"
              onClick={field.focus}
              sx={{ font: 'inherit', verticalAlign: 'baseline' }}
            >
              {field.label}
            </Link>
          ) : null;
        }}
      />
    );
  const { summary, providerMessages, technical } = describeApiError(error, t, requestTimeoutMs);
  return (
    <>
      {/* Provider text, rendered as text (never as HTML). */}
      {providerMessages.map((message, index) => (
        <div key={`${index}:${message}`}>{message}</div>
      ))}
      <div>{summary}</div>
      <TechnicalDetails lines={technical} />
    </>
  );
}
