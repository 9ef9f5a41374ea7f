import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { analysisStatusQueries } from '@/api/analysis-status';
import { isApiError } from '@/api/api-error';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { AnalysesList, RETURN_TO_REVIEW, SubmitButton } from './review-step';
import { stepOfField } from './steps';

/** A field path at the start of a provider message ("portador.cpf: CPF inválido", "portador.cpf must…"). */
function leadingFieldPath(message: string): string | null {
  const match = /^((?:portador|cartaodecredito|codigodoproduto)[\w.]*)[\s:]/.exec(message);
  return match?.[1] ?? null;
}

/**
 * A refusal or failure of the submit: the provider's messages (a NestJS 400 may send several) with a
 * link to the step of each field they name; focus moves here. Everything typed stays.
 */
export function SubmitFailure({ error }: { error: unknown }) {
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
  return (
    <Alert severity="error" role="alert" ref={ref} tabIndex={-1}>
      <AlertTitle>{t('creditApplication.submit.rejectedTitle')}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {messages.map((message, index) => {
          const path = leadingFieldPath(message);
          const step = path ? stepOfField(path) : undefined;
          return (
            <li key={`${index}:${message}`}>
              {step ? (
                <Link
                  component={RouterLink}
                  to={`/proposta/nova/${step.slug}`}
                  state={RETURN_TO_REVIEW}
                  color="inherit"
                >
                  {message}
                </Link>
              ) : (
                message
              )}
            </li>
          );
        })}
      </ul>
      <div>{t('creditApplication.submit.keptData')}</div>
    </Alert>
  );
}

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

/** Any 2xx: what the provider answered, as text, and the way to this CPF's status. */
export function SubmitSuccess({
  response,
  onGoToStatus,
  onNewApplication,
}: {
  response: unknown;
  onGoToStatus: () => void;
  onNewApplication: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const empty = response === undefined || response === null || response === '';
  return (
    <Stack spacing={2}>
      <Alert severity="success" ref={ref} tabIndex={-1} role="status" sx={{ outline: 'none' }}>
        <AlertTitle>{t('creditApplication.submit.successTitle')}</AlertTitle>
        {t('creditApplication.submit.successBody')}
        <Box
          component="pre"
          sx={{ fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0, mt: 1 }}
        >
          {empty
            ? t('creditApplication.submit.noBody')
            : typeof response === 'string'
              ? response
              : JSON.stringify(response, null, 2)}
        </Box>
      </Alert>
      <Stack direction="row" spacing={2}>
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
