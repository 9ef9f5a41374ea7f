import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { analysisStatusQueries } from '@/api/analysis-status';
import { submitCreditApplication } from '@/api/credit-application';
import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import { useServices } from '@/hooks/services-context';
import { useConfirmedMutation } from '@/hooks/use-confirmed-mutation';
import { useRuntimeConfig } from '@/config/config-context';
import { draftStore } from '../wizard/draft-store';
import type { SubmitOutcomeState } from '../outcome/submit-outcome';
import { toCreditApplicationRequest } from '../to-request';
import type { ApplicationInput, Schemas } from '../schema';

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
 * The review's send: the form is parsed with the whole application's schema once on arrival (the same
 * checks as each step), and again on send, mapped
 * to the body once, and sent exactly once per confirmation through the operation's state machine
 * (`useConfirmedMutation`): pending from the click, the look-up before the first send included, and never
 * again once sent. Returns the problems that keep it from being sent, or the body and the send.
 */
export function useReviewSubmit(schemas: Schemas, onSent: (sent: SentApplication) => void) {
  const queryClient = useQueryClient();
  const { sendIdempotencyKey } = useRuntimeConfig();
  const { getValues } = useFormContext<ApplicationInput>();
  // Parsed once on arrival: the values cannot change on the review.
  const [parsed] = useState(() => schemas.application.safeParse(getValues()));
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
  const { http } = useServices();
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
    // Parsed again as it goes: what is sent is what the form holds now.
    const again = schemas.application.safeParse(getValues());
    const sending = again.success ? toCreditApplicationRequest(again.data) : null;
    if (!sending?.ok) return;
    const lookUpFirst = !sendIdempotencyKey && baseline.current === undefined;
    const began = operation.send(sending.body, {
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
    const paths = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.map(String).join('.'));
    return {
      ready: false as const,
      /** The form paths the schema refused, each once. */
      problems: [...new Set(paths)],
      /** Why the body could not be made from values the schema accepted. */
      requestProblem: request && !request.ok ? request.problem : null,
    };
  }

  const { outcome, phase, version, pending } = operation;
  const shown: SubmitOutcomeState | null =
    outcome?.kind === 'refused'
      ? { kind: 'refused', error: outcome.error, cpf, baseline: compared.baseline }
      : outcome?.kind === 'unknown'
        ? { kind: 'unknown', error: outcome.error, cpf, knownCodes: compared.knownCodes }
        : null;
  return { ready: true as const, body, cpf, shown, phase, version, pending, send };
}
