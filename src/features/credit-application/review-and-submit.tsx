import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from './texts';
import { analysisStatusQueries } from '@/api/analysis-status';
import { submitCreditApplication } from '@/api/credit-application';
import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import { LiveRegion } from '@/components/live-region';
import { useConfirmedMutation } from '@/hooks/use-confirmed-mutation';
import { useServices } from '@/hooks/services-context';
import { useRuntimeConfig } from '@/config/config-context';
import { draftStore } from './draft-store';
import { fieldLabel } from './field-labels';
import { DuplicateCheck, RETURN_TO_REVIEW, ReviewSummary, SubmitButton } from './review-summary';
import { SubmitOutcome, type SubmitOutcomeState } from './submit-outcome';
import { toCreditApplicationRequest } from './to-request';
import { FIRST_SLUG, stepOfField, type ApplicationInput, type Wizard } from './wizard';

/** What the page keeps of a sent application (the success screen and "another for this CPF"). */
export interface SentApplication {
  cpf: string;
  response: unknown;
  /** The CPF's analyses before the first send, when looked up (no idempotency key), else null. */
  baseline: readonly string[] | null;
  /** The form as it was sent, for "Enviar outra proposta para este CPF" and the printed summary (memory only, like the draft). */
  values: ApplicationInput;
  /** When the provider's answer arrived: the moment the printed summary gives as sent. */
  sentAt: Date;
}

const codesOf = (
  page: { conteudo: { resultados: Array<{ CodigoParaAcompanhamento: string }> } } | undefined,
) => page?.conteudo.resultados.map((result) => result.CodigoParaAcompanhamento) ?? [];

/**
 * The review, the duplicate warning and the one submit: the form is parsed with the wizard's schema
 * (the same checks as each step), mapped to the body once, and sent exactly once per confirmation through
 * the operation's state machine (`useConfirmedMutation`): pending from the click, the look-up before the
 * first send included, and never again once sent.
 */
export function ReviewAndSubmit({
  wizard,
  goTo,
  onSent,
  onPrint,
}: {
  wizard: Wizard;
  goTo: (slug: string, state?: unknown) => void;
  onSent: (sent: SentApplication) => void;
  /** Prints the summary of the draft, for the customer to check before it is sent. */
  onPrint: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { http } = useServices();
  const { sendIdempotencyKey } = useRuntimeConfig();
  const { getValues } = useFormContext<ApplicationInput>();
  const parsed = wizard.schema.safeParse(getValues());
  const request = parsed.success ? toCreditApplicationRequest(parsed.data) : null;
  const body = request?.ok ? request.body : null;
  const cpf = body?.portador.cpf ?? '';

  // Read in the answer's callback, so refs (set before the request leaves), not state of a past render.
  // Without an idempotency key the provider cannot tell a repeat (a resend after a lost answer, another
  // tab): the CPF's analyses before the first send are the baseline each answer is compared with
  // (undefined: not looked up yet; null: the look-up failed, so no comparison afterwards).
  const baseline = useRef<readonly string[] | null | undefined>(undefined);
  // The analyses already known when a send left: an unknown outcome highlights those that appear after.
  const knownCodes = useRef<readonly string[]>([]);
  const sentValues = useRef<ApplicationInput | null>(null);
  // The same two, for the outcome on screen (refs are not read while rendering).
  const [compared, setCompared] = useState<{
    baseline: readonly string[] | null;
    knownCodes: readonly string[];
  }>({ baseline: null, knownCodes: [] });
  const operation = useConfirmedMutation({
    send: (sent: CreditApplicationRequest, idempotencyKey: string) =>
      submitCreditApplication(http, sent, idempotencyKey),
    // One key per draft: sending this draft again is always a repeat.
    isRepeat: () => true,
    newKey: () => draftStore.idempotencyKey(),
    invalidates: () => [analysisStatusQueries.all()],
    onSuccess: (response, sent) =>
      onSent({
        cpf: sent.portador.cpf,
        response,
        baseline: baseline.current ?? null,
        values: sentValues.current ?? getValues(),
        sentAt: new Date(),
      }),
  });

  /** The send the operator asked for, having seen the operation at `seen`. */
  const send = (seen: number) => {
    if (!body) return;
    const lookUpFirst = !sendIdempotencyKey && baseline.current === undefined;
    const began = operation.send(body, {
      seen,
      prepare: lookUpFirst
        ? async () => {
            // Looked up afresh before the first send; a failed look-up leaves no baseline.
            const before = await queryClient
              .query({ ...analysisStatusQueries.byCpf(http, cpf), staleTime: 0 })
              .then(codesOf, () => null);
            baseline.current = before;
            setCompared((current) => ({ ...current, baseline: before }));
          }
        : undefined,
    });
    if (!began) return;
    sentValues.current = getValues();
    knownCodes.current = codesOf(queryClient.getQueryData(analysisStatusQueries.byCpf(http, cpf).queryKey));
    setCompared({ baseline: baseline.current ?? null, knownCodes: knownCodes.current });
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

  const { outcome, phase, version, pending } = operation;
  const shown: SubmitOutcomeState | null =
    outcome?.kind === 'refused'
      ? { kind: 'refused', error: outcome.error, cpf, baseline: compared.baseline }
      : outcome?.kind === 'unknown'
        ? { kind: 'unknown', error: outcome.error, cpf, knownCodes: compared.knownCodes }
        : null;
  return (
    <Stack spacing={3}>
      <Typography>{t('creditApplication.review.intro')}</Typography>
      <ReviewSummary wizard={wizard} body={body} />
      <DuplicateCheck cpf={cpf} />
      {shown ? (
        <SubmitOutcome
          key={version}
          outcome={shown}
          wizard={wizard}
          onResend={shown.kind === 'unknown' ? () => send(version) : undefined}
        />
      ) : null}
      <LiveRegion
        visible
        message={
          phase === 'preparing'
            ? t('creditApplication.submit.preparing')
            : phase === 'sending'
              ? t('creditApplication.submit.pending')
              : null
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {shown?.kind !== 'unknown' ? (
          <SubmitButton
            pending={pending}
            disabled={phase === 'sent'}
            onClick={() => send(version)}
            label={t('creditApplication.actions.submit')}
          />
        ) : null}
        <Button variant="outlined" size="large" startIcon={<PrintIcon />} onClick={onPrint}>
          {t('creditApplication.print.action')}
        </Button>
      </Stack>
    </Stack>
  );
}
