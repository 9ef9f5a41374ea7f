import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useCreditApplicationTranslation } from '../texts';
import { Link as RouterLink } from 'react-router';
import { applicationStepPath } from '@/config/paths';
import { analysisStatusQueries } from '@/api/analysis-status';
import type { ApiError } from '@/api/api-error';
import { readProviderRefusals } from '@/api/provider-refusal';
import { CopyCodeButton } from '@/components/copy-code-button';
import { describeApiError } from '@/api/describe-api-error';
import { useServices } from '@/hooks/services-context';
import { TechnicalDetails, TechnicalText } from '@/components/technical-details';
import { ProviderRefusalList } from '@/components/provider-refusal-list';
import { useRuntimeConfig } from '@/config/config-context';
import { fieldLabel } from '../fields/form-fields';
import { AnalysesList, RETURN_TO_REVIEW, SubmitButton } from '../review/review-summary';
import { stepOfPath, type Schemas } from '../schema';

/** How a send of the application ended: what `SubmitOutcome` shows, one box per outcome. */
export type SubmitOutcomeState =
  | {
      kind: 'sent';
      response: unknown;
      cpf: string;
      /** The CPF's analyses before the first send, when looked up (no idempotency key), else null. */
      baseline: readonly string[] | null;
    }
  | { kind: 'refused'; error: ApiError; cpf: string; baseline: readonly string[] | null }
  | { kind: 'unknown'; error: ApiError; cpf: string; knownCodes: readonly string[] };

interface SubmitOutcomeProps {
  outcome: SubmitOutcomeState;
  schemas: Schemas;
  /** Unknown outcome: send the same draft again (offered once the CPF has been looked up). */
  onResend?: () => void;
  /** Sent: what the operator may do next (the screen's buttons under the box). */
  actions?: ReactNode;
}

/**
 * The one outcome of a send, in one box that takes focus: sent (the tracking code, or, with no
 * idempotency key, the duplicate the network created, with every code), refused (the provider's field
 * paths in the operator's words, everything typed kept), or unknown (the CPF looked up afresh before a
 * resend is offered). Never a second box that repeats or contradicts it.
 */
export function SubmitOutcome({ outcome, schemas, onResend, actions }: SubmitOutcomeProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [outcome]);
  switch (outcome.kind) {
    case 'sent':
      return (
        <Stack spacing={2}>
          <SentBox outcome={outcome} focusRef={ref} />
          <ResponseDetails response={outcome.response} />
          {actions}
        </Stack>
      );
    case 'refused':
      return <RefusedBox outcome={outcome} schemas={schemas} focusRef={ref} />;
    case 'unknown':
      return <UnknownBox outcome={outcome} onResend={onResend} focusRef={ref} />;
  }
}

type FocusRef = RefObject<HTMLDivElement | null>;

/**
 * The CPF's analyses looked up afresh after an answer, against those before the first send: the ones
 * that are new. `checking` until the look-up is in; `fresh` null without a baseline or when it failed.
 */
function useNewAnalyses(cpf: string, baseline: readonly string[] | null) {
  const { http } = useServices();
  const lookup = useQuery({
    ...analysisStatusQueries.byCpf(http, cpf),
    staleTime: 0,
    refetchOnMount: 'always',
    enabled: baseline !== null,
  });
  if (baseline === null) return { checking: false, fresh: null };
  if (!lookup.isFetchedAfterMount || lookup.isFetching) return { checking: true, fresh: null };
  const fresh = lookup.data?.conteudo.resultados.filter(
    (result) => !baseline.includes(result.CodigoParaAcompanhamento),
  );
  return { checking: false, fresh: fresh ?? null };
}

function SentBox({
  outcome,
  focusRef,
}: {
  outcome: Extract<SubmitOutcomeState, { kind: 'sent' }>;
  focusRef: FocusRef;
}) {
  const { t } = useCreditApplicationTranslation();
  const code = trackingCodeOf(outcome.response);
  const { checking, fresh } = useNewAnalyses(outcome.cpf, outcome.baseline);
  const duplicate = fresh !== null && fresh.length > 1 ? fresh : null;
  return (
    <Alert
      severity={duplicate ? 'warning' : 'success'}
      ref={focusRef}
      tabIndex={-1}
      role="status"
      sx={{ outline: 'none', minWidth: 0 }}
    >
      <AlertTitle>
        {duplicate
          ? t('creditApplication.submit.duplicateTitle', { count: duplicate.length })
          : t('creditApplication.submit.successTitle')}
      </AlertTitle>
      <Stack spacing={1}>
        {code ? (
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
            <span>{t('creditApplication.submit.trackingCode')}</span>
            <Box
              component="strong"
              sx={{ fontFamily: 'monospace', fontSize: '1.1em', overflowWrap: 'anywhere' }}
            >
              {code}
            </Box>
            <CopyCodeButton code={code} />
          </Stack>
        ) : (
          <div>{t('creditApplication.submit.successBody')}</div>
        )}
        {checking ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={16} color="inherit" aria-hidden />
            <span>{t('creditApplication.submit.successChecking')}</span>
          </Stack>
        ) : null}
        {duplicate ? (
          <div>
            {t('creditApplication.submit.duplicateBody', { count: duplicate.length })}
            <AnalysesList
              results={duplicate}
              highlight={duplicate.map((result) => result.CodigoParaAcompanhamento)}
              answeredCode={code}
            />
          </div>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The raw answer behind "details" (the interface does not show the body: what came back, as it came). */
function ResponseDetails({ response }: { response: unknown }) {
  const { t } = useCreditApplicationTranslation();
  const empty = response === undefined || response === null || response === '';
  return (
    <Box component="details" sx={{ '& summary': { cursor: 'pointer' } }}>
      <Box component="summary">{t('creditApplication.technical.response')}</Box>
      <TechnicalText>
        {empty
          ? t('creditApplication.technical.noBody')
          : typeof response === 'string'
            ? response
            : JSON.stringify(response, null, 2)}
      </TechnicalText>
    </Box>
  );
}

/** The request body's top-level names: a message starting with one of them names a field. */
const REQUEST_ROOTS = ['portador', 'cartaodecredito', 'codigodoproduto'];

/**
 * A refusal or failure of the submit. A 400 whose messages name a field (`portador.nomeempresa: must not
 * be empty`) shows the field's label with a link to its step and input, the provider's own words beside
 * it; other messages and failures are said as they came. With no idempotency key, an analysis that
 * appeared since the first send (an earlier send that the network repeated) is named in the same box.
 */
function RefusedBox({
  outcome,
  schemas,
  focusRef,
}: {
  outcome: Extract<SubmitOutcomeState, { kind: 'refused' }>;
  schemas: Schemas;
  focusRef: FocusRef;
}) {
  const { t } = useCreditApplicationTranslation();
  const { requestTimeoutMs } = useRuntimeConfig();
  const { error } = outcome;
  const messages = error.status === 400 ? error.providerMessages : [];
  const refusals = readProviderRefusals(messages, REQUEST_ROOTS);
  const named = refusals.some((refusal) => refusal.path && stepOfPath(schemas, refusal.path));
  const { summary, providerMessages, technical } = describeApiError(error, t, requestTimeoutMs);
  const { fresh } = useNewAnalyses(outcome.cpf, outcome.baseline);
  return (
    <Alert severity="error" role="alert" ref={focusRef} tabIndex={-1} sx={{ outline: 'none' }}>
      <AlertTitle>
        {named ? t('creditApplication.submit.rejectedTitle') : t('creditApplication.submit.failedTitle')}
      </AlertTitle>
      <Stack spacing={1}>
        {named ? (
          <ProviderRefusalList
            refusals={refusals}
            fieldOf={(refusal) => {
              const step = refusal.path ? stepOfPath(schemas, refusal.path) : undefined;
              if (!step || !refusal.path) return null;
              return (
                <Link
                  component={RouterLink}
                  to={applicationStepPath(step.slug)}
                  state={{ ...RETURN_TO_REVIEW, focus: refusal.path }}
                  color="inherit"
                >
                  {`${t(`creditApplication.steps.${step.key}`)} · ${fieldLabel(refusal.path, t)}`}
                </Link>
              );
            }}
          />
        ) : (
          <div>
            {/* Provider text, rendered as text (never as HTML). */}
            {providerMessages.map((message, index) => (
              <div key={`${index}:${message}`}>{message}</div>
            ))}
            <div>{summary}</div>
          </div>
        )}
        {fresh && fresh.length > 0 ? (
          <div>
            {t('creditApplication.submit.refusedButRegistered')}
            <AnalysesList
              results={fresh}
              highlight={fresh.map((result) => result.CodigoParaAcompanhamento)}
            />
          </div>
        ) : null}
        <div>{t('creditApplication.submit.keptData')}</div>
      </Stack>
      <TechnicalDetails lines={technical} />
    </Alert>
  );
}

/**
 * A lost answer: the provider may or may not have registered the application. Look the CPF up first
 * (fresh, not from the cache), show what is there, and only then offer to send again.
 */
function UnknownBox({
  outcome,
  onResend,
  focusRef,
}: {
  outcome: Extract<SubmitOutcomeState, { kind: 'unknown' }>;
  onResend: (() => void) | undefined;
  focusRef: FocusRef;
}) {
  const { t } = useCreditApplicationTranslation();
  const { sendIdempotencyKey, requestTimeoutMs } = useRuntimeConfig();
  const { http } = useServices();
  const lookup = useQuery({
    ...analysisStatusQueries.byCpf(http, outcome.cpf),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const settled = lookup.isFetchedAfterMount && !lookup.isFetching;
  const results = lookup.data?.conteudo.resultados ?? [];
  const fresh = results
    .map((result) => result.CodigoParaAcompanhamento)
    .filter((code) => !outcome.knownCodes.includes(code));
  const headerSuspected = outcome.error.networkHint !== null;
  return (
    <Alert severity="warning" role="alert" ref={focusRef} tabIndex={-1} sx={{ outline: 'none' }}>
      <AlertTitle>{t('creditApplication.submit.unknownTitle')}</AlertTitle>
      <Stack spacing={1}>
        <div>
          {headerSuspected
            ? describeApiError(outcome.error, t, requestTimeoutMs).summary
            : t('creditApplication.submit.unknownBody')}
        </div>
        {!settled ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={18} color="inherit" aria-hidden />
            <span>{t('creditApplication.submit.unknownChecking')}</span>
          </Stack>
        ) : lookup.isError ? (
          <div>{t('creditApplication.submit.unknownLookupFailed')}</div>
        ) : (
          <div>
            <strong>
              {fresh.length > 0
                ? t('creditApplication.submit.unknownNew')
                : t('creditApplication.submit.unknownNoNew')}
            </strong>
            {results.length > 0 ? <AnalysesList results={results} highlight={fresh} /> : null}
          </div>
        )}
        {settled && onResend ? (
          <>
            <div>
              {sendIdempotencyKey
                ? t('creditApplication.submit.resendNote')
                : t('creditApplication.submit.resendNoteNoKey')}
            </div>
            <Box>
              <SubmitButton
                pending={false}
                onClick={onResend}
                label={t('creditApplication.actions.resend')}
              />
            </Box>
          </>
        ) : null}
      </Stack>
      <TechnicalDetails lines={describeApiError(outcome.error, t, requestTimeoutMs).technical} />
    </Alert>
  );
}

/** The tracking code in a success answer, wherever the provider put it (the body is not shown). */
export function trackingCodeOf(response: unknown, depth = 0): string | null {
  if (depth > 3 || response === null || typeof response !== 'object') return null;
  for (const [key, value] of Object.entries(response)) {
    if (
      /^(codigoparaacompanhamento|trackingcode|protocolo)$/i.test(key) &&
      (typeof value === 'string' || typeof value === 'number')
    )
      return String(value);
  }
  for (const value of Object.values(response)) {
    const found = trackingCodeOf(value, depth + 1);
    if (found) return found;
  }
  return null;
}
