import Box from '@mui/material/Box';
import { toNestErrors } from '@hookform/resolvers';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldError, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Navigate, useLocation, useParams } from 'react-router';
import { productQueries } from '@/api/products';
import { PageContainer } from '@/components/page-container';
import { printClasses } from '@/components/print';
import { useRuntimeConfig } from '@/config/config-context';
import { incomeUnitOf } from '@/config/config-schema';
import { applicationStepPath } from '@/config/paths';
import { useHandOff } from '@/hooks/use-hand-off';
import { useServices } from '@/hooks/services-context';
import { AnotherApplicationDialog, WizardSentScreen } from './outcome/wizard-sent-screen';
import { ApplicationPrintView } from './review/application-print-view';
import {
  FIRST_SLUG,
  blankApplication,
  createSchemas,
  stepIndexOf,
  stepOrder,
  type ApplicationInput,
  type Schemas,
} from './schema';
import { type RuleContext } from './rules';
import { useCreditApplicationTranslation } from './texts';
import { draftStore } from './wizard/draft-store';
import { LeaveDialog } from './wizard/leave-dialog';
import { useWizardSteps } from './wizard/use-wizard-steps';
import { WizardStepScreen } from './wizard/wizard-step-screen';

/** `/proposta/nova/:etapa?`: the wizard; without a known step, its first step (keeping the hand-off). */
export function CreditApplicationPage() {
  const { etapa } = useParams();
  const location = useLocation();
  // Keyed by the location: a second visit to the bare path (a click on "Nova proposta" while this
  // redirect is still under way) mounts a new redirect; an unkeyed one keeps its spent effect.
  if (stepIndexOf(etapa) < 0)
    return (
      <Navigate
        key={location.key}
        to={applicationStepPath(FIRST_SLUG)}
        state={location.state as unknown}
        replace
      />
    );
  return <WizardPage />;
}

/** The rules: config, and the product list once it has loaded. */
function useRules(): RuleContext {
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const { http } = useServices();
  return useMemo(
    () => ({
      domains: config.domains,
      printedNameMaxLength: config.printedNameMaxLength,
      moneyUnit: incomeUnitOf(config),
      additionalCardFields: config.additionalCardFields,
      blankOptionalFields: config.blankOptionalFields,
      streetNumberWithoutNumber: config.streetNumberWithoutNumber,
      // Read when checking: null until the list has loaded (then any code passes; the provider decides).
      productCodes: () =>
        queryClient.getQueryData(productQueries.list(http).queryKey)?.map((product) => product.codigo) ??
        null,
      now: () => new Date(),
    }),
    [config, queryClient, http],
  );
}

/** A resolver that parses `schema` (the step shown): each path's first issue is its error. */
function resolverOf(schema: z.ZodMiniType): Resolver<ApplicationInput> {
  return (values, _context, options) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues)
      errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * The draft's form bound to the page: its resolver parses the step shown (the review: the whole
 * application), so "Continuar" and a field correcting itself check that step only.
 */
function WizardPage() {
  const rules = useRules();
  const schemas = useMemo(() => createSchemas(rules), [rules]);
  const { etapa } = useParams();
  const stepIndex = Math.max(0, stepIndexOf(etapa));
  const handedOff = useHandOff('newApplication');
  // Read before the draft is opened: what was in memory when the wizard was opened.
  const [existing] = useState(draftStore.form);
  const [form] = useState(() => {
    const blank = blankApplication(rules);
    // The product handed over by the products screen, unless the draft already has one.
    const product = handedOff?.productCode;
    const handed = product && /^\d{1,9}$/.test(product) ? product : null;
    const opened = draftStore.open(blank, handed ? { ...blank, codigodoproduto: handed } : blank);
    if (handed && opened.getValues('codigodoproduto') === '') opened.setValue('codigodoproduto', handed);
    return opened;
  });
  const [start] = useState(() => ({
    restored: existing !== null && draftStore.holdsTypedData(),
    // Opened past step 1 with no draft in memory and nothing handed over: the draft was there once and is
    // gone (drafts live in memory only); the page says so and starts over.
    lost: stepIndex > 0 && existing === null && handedOff === null,
  }));
  const key = stepOrder[stepIndex]?.key ?? 'product';
  const methods = useForm<ApplicationInput>({
    formControl: form.formControl,
    resolver: resolverOf(key === 'review' ? schemas.application : schemas.steps[key]),
    mode: 'onSubmit',
  });
  return (
    <FormProvider {...methods}>
      <WizardSteps schemas={schemas} rules={rules} restored={start.restored} lost={start.lost} />
    </FormProvider>
  );
}

/**
 * The steps, inside the form: the state is `useWizardSteps`'s, drawn as the step screen or, once sent,
 * the sent screen, with the dialogs and the printed summary.
 */
function WizardSteps({
  schemas,
  rules,
  restored,
  lost,
}: {
  schemas: Schemas;
  rules: RuleContext;
  restored: boolean;
  lost: boolean;
}) {
  const { t } = useCreditApplicationTranslation();
  const wizard = useWizardSteps(schemas, rules, lost);
  const { steps, sent, another, leave, paper } = wizard;
  return (
    <>
      <Box className={printClasses.hidden}>
        <PageContainer
          title={t('creditApplication.title')}
          titlePrefix={steps.hasProblems ? t('creditApplication.errorTitlePrefix') : undefined}
        >
          {sent ? (
            <WizardSentScreen schemas={schemas} sent={sent} anotherRef={wizard.anotherRef} />
          ) : (
            <WizardStepScreen schemas={schemas} wizard={wizard} restored={restored} />
          )}
          <AnotherApplicationDialog another={another} anotherRef={wizard.anotherRef} />
          <LeaveDialog
            open={leave.open}
            onStay={leave.stay}
            onLeave={leave.leave}
            onDiscard={leave.discard}
          />
        </PageContainer>
      </Box>
      {paper ? <ApplicationPrintView values={paper.values} sent={paper.receipt} /> : null}
    </>
  );
}
