import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from './texts';
import { Link as RouterLink } from 'react-router';
import { applicationStepPath } from '@/config/paths';
import { analysisStatusQueries } from '@/api/analysis-status';
import { isApiError } from '@/api/api-error';
import { readProviderRefusals } from '@/api/provider-refusal';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { CopyCodeButton } from '@/components/copy-code-button';
import { fieldLabel } from './fields';
import { AnalysesList, RETURN_TO_REVIEW, SubmitButton } from './review-summary';
import { stepOfField, type Wizard } from './wizard';

/**
 * A refusal or failure of the submit. A 400 whose messages name a field (`portador.nomeempresa: must not
 * be empty`) shows the field's label with a link to its step and input, the provider's own words beside
 * it; other messages are shown as they came. Focus moves here; everything typed stays.
 */
export function SubmitFailure({ error, wizard }: { error: unknown; wizard: Wizard }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [error]);
  const messages = isApiError(error) && error.status === 400 ? error.providerMessages : [];
  if (messages.length === 0) {
    return (
      <Box ref={ref} tabIndex={-1} sx={{ outline: 'none' }}>
        <ApiErrorAlert error={error} title={t('creditApplication.submit.failedTitle')} />
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('creditApplication.submit.keptData')}
        </Alert>
      </Box>
    );
  }
  const refusals = readProviderRefusals(messages, REQUEST_ROOTS);
  return (
    <Alert severity="error" role="alert" ref={ref} tabIndex={-1}>
      <AlertTitle>{t('creditApplication.submit.rejectedTitle')}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {refusals.map((refusal, index) => {
          const step = refusal.path ? stepOfField(wizard, refusal.path) : undefined;
          return (
            <li key={`${index}:${refusal.text}`}>
              {step && refusal.path ? (
                <>
                  <Link
                    component={RouterLink}
                    to={applicationStepPath(step.slug)}
                    state={{ ...RETURN_TO_REVIEW, focus: refusal.path }}
                    color="inherit"
                  >
                    {`${t(`creditApplication.steps.${step.key}`)} · ${fieldLabel(refusal.path, t)}`}
                  </Link>
                  {`: ${refusal.detail} `}
                  <Box component="span" sx={{ opacity: 0.8 }}>
                    {t('creditApplication.submit.providerSaid', { text: refusal.text })}
                  </Box>
                </>
              ) : (
                refusal.text
              )}
            </li>
          );
        })}
      </ul>
      <div>{t('creditApplication.submit.keptData')}</div>
    </Alert>
  );
}

/** The request body's top-level names: a message starting with one of them names a field. */
const REQUEST_ROOTS = ['portador', 'cartaodecredito', 'codigodoproduto'];

/**
 * A lost answer: the provider may or may not have registered the application. Look the CPF up first
 * (fresh, not from the cache), show what is there, and only then offer to send again.
 */
export function UnknownOutcome({
  cpf,
  knownCodes,
  onResend,
  pending,
}: {
  cpf: string;
  knownCodes: readonly string[];
  onResend: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const lookup = useQuery({ ...analysisStatusQueries.byCpf(cpf), staleTime: 0, refetchOnMount: 'always' });
  const settled = lookup.isFetchedAfterMount && !lookup.isFetching;
  const results = lookup.data?.conteudo.resultados ?? [];
  const fresh = results
    .map((result) => result.CodigoParaAcompanhamento)
    .filter((code) => !knownCodes.includes(code));
  return (
    <Alert severity="warning" role="alert" ref={ref} tabIndex={-1}>
      <AlertTitle>{t('creditApplication.submit.unknownTitle')}</AlertTitle>
      <Stack spacing={1}>
        <div>{t('creditApplication.submit.unknownBody')}</div>
        {!settled ? (
          <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={18} />
            <span>{t('creditApplication.submit.unknownChecking')}</span>
          </Stack>
        ) : (
          <Box role="status">
            {lookup.isError ? (
              <div>{t('creditApplication.submit.unknownLookupFailed')}</div>
            ) : (
              <>
                <strong>
                  {fresh.length > 0
                    ? t('creditApplication.submit.unknownNew')
                    : t('creditApplication.submit.unknownNoNew')}
                </strong>
                {results.length > 0 ? <AnalysesList results={results} highlight={fresh} /> : null}
              </>
            )}
          </Box>
        )}
        {settled ? (
          <>
            <div>{t('creditApplication.submit.resendNote')}</div>
            <Box>
              <SubmitButton
                pending={pending}
                onClick={onResend}
                label={t('creditApplication.actions.resend')}
              />
            </Box>
          </>
        ) : null}
      </Stack>
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

/** Any 2xx: the tracking code (when the answer has one) to copy, the raw answer behind "details". */
export function SubmitSuccess({
  response,
  cpf,
  baseline,
  onGoToStatus,
  onNewApplication,
}: {
  response: unknown;
  cpf: string;
  baseline: readonly string[] | null;
  onGoToStatus: () => void;
  onNewApplication: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const empty = response === undefined || response === null || response === '';
  const code = trackingCodeOf(response);
  return (
    <Stack spacing={2}>
      <Alert severity="success" ref={ref} tabIndex={-1} role="status" sx={{ outline: 'none', minWidth: 0 }}>
        <AlertTitle>{t('creditApplication.submit.successTitle')}</AlertTitle>
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
          t('creditApplication.submit.successBody')
        )}
      </Alert>
      {baseline ? <CreatedAnalyses cpf={cpf} baseline={baseline} /> : null}
      <Box component="details" sx={{ '& summary': { cursor: 'pointer' } }}>
        <Box component="summary">{t('creditApplication.submit.details')}</Box>
        <Box
          component="pre"
          sx={{
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            m: 0,
            mt: 1,
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {empty
            ? t('creditApplication.submit.noBody')
            : typeof response === 'string'
              ? response
              : JSON.stringify(response, null, 2)}
        </Box>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" onClick={onGoToStatus}>
          {t('creditApplication.actions.goToStatus')}
        </Button>
        <Button variant="outlined" onClick={onNewApplication}>
          {t('creditApplication.actions.newApplication')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * After an answer, with no idempotency key: the CPF's analyses looked up afresh against those before the
 * first send. More than one new analysis means the provider registered the application twice: said
 * plainly, with the codes, instead of a plain success.
 */
export function CreatedAnalyses({ cpf, baseline }: { cpf: string; baseline: readonly string[] }) {
  const { t } = useTranslation();
  const lookup = useQuery({ ...analysisStatusQueries.byCpf(cpf), staleTime: 0, refetchOnMount: 'always' });
  if (!lookup.isFetchedAfterMount || lookup.isFetching || !lookup.data) return null;
  const fresh = lookup.data.conteudo.resultados.filter(
    (result) => !baseline.includes(result.CodigoParaAcompanhamento),
  );
  if (fresh.length <= 1) return null;
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{t('creditApplication.submit.duplicateTitle', { count: fresh.length })}</AlertTitle>
      {t('creditApplication.submit.duplicateBody')}
      <AnalysesList results={fresh} highlight={fresh.map((result) => result.CodigoParaAcompanhamento)} />
    </Alert>
  );
}
