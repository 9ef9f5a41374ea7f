import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import { useCreditApplicationTranslation } from './texts';
import { Navigate, useLocation, useParams } from 'react-router';
import { productQueries } from '@/api/products';
import { PageContainer } from '@/components/page-container';
import { printClasses } from '@/components/print';
import { useRuntimeConfig } from '@/config/config-context';
import { incomeUnitOf } from '@/config/config-schema';
import { applicationStepPath } from '@/config/paths';
import { ApplicationPrintView } from './review/application-print-view';
import type { RuleContext } from './field-kinds/kind';
import { LeaveDialog } from './wizard/leave-dialog';
import { useApplicationDraft } from './wizard/use-application-draft';
import { useWizardSteps } from './wizard/use-wizard-steps';
import { AnotherApplicationDialog, WizardSentScreen } from './outcome/wizard-sent-screen';
import { WizardStepScreen } from './wizard/wizard-step-screen';
import { FIRST_SLUG, createWizard, stepIndexOf, type ApplicationInput, type Wizard } from './wizard/wizard';
import { useServices } from '@/hooks/services-context';

/** `/proposta/nova/:etapa?`: the wizard; without a known step, its first step (keeping the hand-off). */
export function CreditApplicationPage() {
  const { etapa } = useParams();
  const location = useLocation();
  // Keyed by the location: a second visit to the bare path (a click on "Nova proposta" while this
  // redirect is still under way) mounts a new redirect; an unkeyed one keeps its spent effect, and the
  // page stayed blank on `/proposta/nova`.
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

/** The wizard's rules and schema: config, and the product list once it has loaded. */
function useWizard(): Wizard {
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const { http } = useServices();
  return useMemo(() => {
    const rules: RuleContext = {
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
    };
    return createWizard(rules);
  }, [config, queryClient, http]);
}

function WizardPage() {
  const wizard = useWizard();
  const { etapa } = useParams();
  const { methods, restored, lost, forget, startFrom } = useApplicationDraft(wizard, stepIndexOf(etapa) > 0);
  return (
    <FormProvider {...methods}>
      <WizardSteps wizard={wizard} restored={restored} lost={lost} forget={forget} startFrom={startFrom} />
    </FormProvider>
  );
}

/**
 * The steps, inside the form: the state is `useWizardSteps`'s, drawn as the step screen or, once sent,
 * the sent screen, with the dialogs and the printed summary.
 */
function WizardSteps({
  wizard,
  restored,
  lost,
  forget,
  startFrom,
}: {
  wizard: Wizard;
  restored: boolean;
  /** Opened past step 1 with no draft in memory: say it is gone, and start over at step 1. */
  lost: boolean;
  forget: () => void;
  startFrom: (values: ApplicationInput) => void;
}) {
  const { t } = useCreditApplicationTranslation();
  const { rootRef, summaryRef, headingRef, anotherRef, steps, sent, another, leave, paper } = useWizardSteps(
    wizard,
    { lost, forget, startFrom },
  );
  return (
    <>
      <Box className={printClasses.hidden}>
        <PageContainer
          title={t('creditApplication.title')}
          titlePrefix={steps.hasProblems ? t('creditApplication.errorTitlePrefix') : undefined}
        >
          {sent ? (
            <WizardSentScreen wizard={wizard} sent={sent} anotherRef={anotherRef} />
          ) : (
            <WizardStepScreen
              wizard={wizard}
              steps={steps}
              restored={restored}
              rootRef={rootRef}
              summaryRef={summaryRef}
              headingRef={headingRef}
            />
          )}
          <AnotherApplicationDialog another={another} anotherRef={anotherRef} />
          <LeaveDialog
            open={leave.open}
            onStay={leave.stay}
            onLeave={leave.leave}
            onDiscard={leave.discard}
          />
        </PageContainer>
      </Box>
      {paper ? <ApplicationPrintView wizard={wizard} read={paper.read} sent={paper.receipt} /> : null}
    </>
  );
}
