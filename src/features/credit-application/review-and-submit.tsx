import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from './texts';
import { analysisStatusQueries } from '@/api/analysis-status';
import { isUnknownOutcome } from '@/api/api-error';
import { submitCreditApplication } from '@/api/credit-application';
import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import { useConfirmedMutation } from '@/components/use-confirmed-mutation';
import { useRuntimeConfig } from '@/config/config-context';
import { draftStore } from './draft-store';
import { fieldLabel } from './fields';
import { DuplicateCheck, RETURN_TO_REVIEW, ReviewSummary, SubmitButton } from './review-summary';
import { CreatedAnalyses, SubmitFailure, UnknownOutcome } from './submit-outcome';
import { toCreditApplicationRequest } from './to-request';
import { FIRST_SLUG, stepOfField, type ApplicationInput, type Wizard } from './wizard';

/**
 * The review, the duplicate warning and the one submit: the form is parsed with the wizard's schema
 * (the same checks as each step), mapped to the body once, and sent exactly once per confirmation.
 */
export function ReviewAndSubmit({
  wizard,
  goTo,
  onSent,
}: {
  wizard: Wizard;
  goTo: (slug: string, state?: unknown) => void;
  onSent: (cpf: string, response: unknown, baseline: readonly string[] | null) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { sendIdempotencyKey } = useRuntimeConfig();
  const { getValues } = useFormContext<ApplicationInput>();
  const parsed = wizard.schema.safeParse(getValues());
  const request = parsed.success ? toCreditApplicationRequest(parsed.data) : null;
  const body = request?.ok ? request.body : null;
  const cpf = body?.portador.cpf ?? '';

  const [knownCodes, setKnownCodes] = useState<string[]>([]);
  // Without an idempotency key the provider cannot tell a repeat (a resend after a lost answer, another
  // tab): the CPF's analyses before the first send are the baseline that each answer is compared with.
  const [baseline, setBaseline] = useState<string[] | null>(null);
  const preparing = useRef(false);
  const [attempts, setAttempts] = useState(0);
  const { run, mutation } = useConfirmedMutation({
    send: (sent: CreditApplicationRequest, idempotencyKey: string) =>
      submitCreditApplication(sent, idempotencyKey),
    // One key per draft: sending this draft again is always a repeat.
    isRepeat: () => true,
    newKey: () => draftStore.idempotencyKey(),
    invalidates: () => [analysisStatusQueries.all()],
    onSuccess: (response, sent) => onSent(sent.portador.cpf, response, baseline),
  });

  const codesOf = (
    page: { conteudo: { resultados: Array<{ CodigoParaAcompanhamento: string }> } } | undefined,
  ) => page?.conteudo.resultados.map((result) => result.CodigoParaAcompanhamento) ?? [];

  const send = async () => {
    if (!body || mutation.isPending || preparing.current) return;
    if (!sendIdempotencyKey && baseline === null) {
      // Looked up afresh before the first send; a failed lookup leaves no baseline (no check after).
      preparing.current = true;
      const before = await queryClient
        .query({ ...analysisStatusQueries.byCpf(cpf), staleTime: 0 })
        .then(codesOf)
        .catch(() => null);
      preparing.current = false;
      setBaseline(before);
    }
    const cached = queryClient.getQueryData(analysisStatusQueries.byCpf(cpf).queryKey);
    if (!run(body)) return;
    setKnownCodes(codesOf(cached));
    setAttempts((count) => count + 1);
  };

  if (!parsed.success || !body) {
    const problems = parsed.success
      ? []
      : parsed.error.issues.map((issue) => issue.path.map(String).join('.'));
    return (
      <Alert severity="error" role="alert">
        {t('creditApplication.review.fixFirst')}
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {[...new Set(problems)].slice(0, 20).map((path) => {
            const step = stepOfField(wizard, path);
            return (
              <li key={path}>
                <Button
                  size="small"
                  color="inherit"
                  sx={{ textTransform: 'none', p: 0, textDecoration: 'underline', textAlign: 'left' }}
                  onClick={() => goTo(step?.slug ?? FIRST_SLUG, { ...RETURN_TO_REVIEW, focus: path })}
                >
                  {`${step ? t(`creditApplication.steps.${step.key}`) : ''} · ${fieldLabel(path, t)}`}
                </Button>
              </li>
            );
          })}
          {request && !request.ok ? <li>{request.problem}</li> : null}
        </ul>
      </Alert>
    );
  }

  const error = mutation.error;
  const unknown = error !== null && isUnknownOutcome(error);
  return (
    <Stack spacing={3}>
      <Typography>{t('creditApplication.review.intro')}</Typography>
      <ReviewSummary wizard={wizard} body={body} />
      <DuplicateCheck cpf={cpf} />
      {error && unknown ? (
        <UnknownOutcome
          key={attempts}
          cpf={cpf}
          knownCodes={knownCodes}
          onResend={() => void send()}
          pending={mutation.isPending}
        />
      ) : null}
      {error && !unknown ? <SubmitFailure error={error} wizard={wizard} /> : null}
      {error && !unknown && baseline ? (
        <CreatedAnalyses key={attempts} cpf={cpf} baseline={baseline} />
      ) : null}
      {mutation.isPending ? (
        <Typography role="status">{t('creditApplication.submit.pending')}</Typography>
      ) : null}
      {!unknown ? (
        <Box>
          <SubmitButton
            pending={mutation.isPending}
            onClick={() => void send()}
            label={t('creditApplication.actions.submit')}
          />
        </Box>
      ) : null}
    </Stack>
  );
}
