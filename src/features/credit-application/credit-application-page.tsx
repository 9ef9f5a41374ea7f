import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Ref } from 'react';
import { FormProvider, get, useFormContext } from 'react-hook-form';
import { useTranslation } from './texts';
import { Navigate, useLocation, useParams } from 'react-router';
import { productQueries } from '@/api/products';
import { PageContainer } from '@/components/page-container';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { printClasses, usePrint } from '@/components/print';
import { useNavigateWithHandOff } from '@/hooks/use-hand-off';
import { useServices } from '@/hooks/services-context';
import { useRuntimeConfig } from '@/config/config-context';
import { incomeUnitOf } from '@/config/config-schema';
import { applicationStepPath, paths } from '@/config/paths';
import { ApplicationPrintView } from './application-print-view';
import { ErrorSummary, sortByPosition } from './error-summary';
import type { RuleContext } from './field-kinds/kind';
import { LeaveDialog } from './leave-dialog';
import { ReviewAndSubmit, type SentApplication } from './review-and-submit';
import { StepFields } from './step-fields';
import { StepList } from './step-list';
import { SubmitOutcome, trackingCodeOf } from './submit-outcome';
import { hasUnsentData, useApplicationDraft } from './use-application-draft';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { useStepNavigation } from './use-step-navigation';
import { useHasProblems, useProblems } from './use-form-errors';
import { KeyHint, SHORTCUTS, ShortcutList, shortcutProps, useWizardShortcuts } from './wizard-shortcuts';
import {
  FIRST_SLUG,
  REVIEW_SLUG,
  createWizard,
  firstStepWithProblems,
  stepIndexOf,
  type ApplicationInput,
  type StepEntry,
  type Wizard,
} from './wizard';

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
 * The steps, inside the form. Nothing here reads the form's state as a whole: a key stroke re-renders
 * its field, not the step (decision 013); the summary re-renders when its list of problems changes.
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
  const { t } = useTranslation();
  const navigateWithHandOff = useNavigateWithHandOff();
  const { getValues } = useFormContext<ApplicationInput>();
  // Untyped: the step's paths are read from its schema at run time.
  const { trigger } = useFormContext();
  const { navigation: nav, summaryRef, headingRef } = useStepNavigation(wizard);
  const { step, stepIndex, previous } = nav;
  const rootRef = useRef<HTMLDivElement>(null);
  useWizardShortcuts(rootRef);
  // The furthest step reached (the step list links every step up to it): on arrival, the first step
  // with problems in what the form holds (a restored draft goes on where it stopped).
  const [furthest, setFurthest] = useState(() => firstStepWithProblems(wizard, getValues()));
  // A lost draft: on its way to step 1 (nothing of the asked step is drawn), then said at step 1 until the
  // operator moves on.
  const [lostNotice, setLostNotice] = useState<'redirect' | 'show' | 'done'>(lost ? 'redirect' : 'done');
  if (lostNotice === 'redirect' && stepIndex === 0) setLostNotice('show');
  if (lostNotice === 'show' && stepIndex > 0) setLostNotice('done');
  const redirecting = lostNotice === 'redirect';
  if (!redirecting && stepIndex > furthest) setFurthest(stepIndex);
  const redirected = useRef(false);
  useLayoutEffect(() => {
    if (!redirecting || redirected.current) return;
    redirected.current = true;
    // Replaced: Back does not lead to the empty step again.
    nav.goTo(FIRST_SLUG, undefined, true);
  }, [redirecting, nav]);
  // Once sent, the draft is gone and the success screen stays until "Nova proposta" or a confirmed
  // "another application for this CPF": nothing on it can send the same application again.
  const [sent, setSent] = useState<SentApplication | null>(null);
  const [askingAnother, setAskingAnother] = useState(false);
  const anotherRef = useRef<HTMLButtonElement>(null);
  // On paper, the summary of what is on screen: the draft, or once sent, the values sent (src/components/print.tsx).
  const { printing, print } = usePrint();
  const blocker = useLeaveGuard(
    paths.newApplication,
    () => sent === null && hasUnsentData(getValues(), wizard),
  );

  const stepPaths = useMemo(() => step.fields.map((field) => field.path), [step]);
  // Whether the step shows problems (the title says "Erro:"); the list itself is StepSummary's.
  const hasProblems = useHasProblems(stepPaths, nav.showsSummary);

  const title = t('creditApplication.title');
  const stepTitle = t(`creditApplication.steps.${step.key}`);
  const progress = t('creditApplication.progress', { current: stepIndex + 1, total: wizard.steps.length });

  return (
    <>
      <Box className={printClasses.hidden}>
        <PageContainer
          title={title}
          titlePrefix={hasProblems ? t('creditApplication.errorTitlePrefix') : undefined}
        >
          {sent ? (
            <SubmitOutcome
              outcome={{ kind: 'sent', response: sent.response, cpf: sent.cpf, baseline: sent.baseline }}
              wizard={wizard}
              actions={
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
                  <Button
                    variant="contained"
                    onClick={() => navigateWithHandOff('analysisStatus', { cpf: sent.cpf })}
                  >
                    {t('creditApplication.actions.goToStatus')}
                  </Button>
                  <Button
                    variant="outlined"
                    onClick={() => {
                      setSent(null);
                      setFurthest(0);
                      nav.goTo(FIRST_SLUG);
                    }}
                  >
                    {t('creditApplication.actions.newApplication')}
                  </Button>
                  <Button variant="outlined" startIcon={<PrintIcon />} onClick={print}>
                    {t('creditApplication.print.action')}
                  </Button>
                  <Button variant="text" ref={anotherRef} onClick={() => setAskingAnother(true)}>
                    {t('creditApplication.actions.anotherForCpf')}
                  </Button>
                </Stack>
              }
            />
          ) : (
            <Box
              ref={rootRef}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '200px minmax(0, 960px)' },
                gap: { xs: 2, lg: 3 },
                alignItems: 'start',
              }}
            >
              <StepList
                wizard={wizard}
                current={stepIndex}
                furthest={redirecting ? 0 : furthest}
                onGo={(slug, event) => {
                  if (stepIndexOf(slug) < stepIndex || step.key === 'review') nav.goTo(slug);
                  else void nav.onContinue(event, (paths) => trigger(paths), slug);
                }}
              />
              <Box sx={{ minWidth: 0 }}>
                {previous && !redirecting ? (
                  <Button
                    startIcon={<ArrowBackIcon />}
                    onClick={() => nav.goTo(previous.slug)}
                    sx={{ mb: 1, ml: -1 }}
                  >
                    {t('creditApplication.actions.back')}
                  </Button>
                ) : null}
                <Typography variant="body2" color="text.secondary">
                  {progress}
                </Typography>
                <Typography
                  variant="h5"
                  component="h2"
                  ref={headingRef}
                  tabIndex={-1}
                  sx={{ mb: 2, outline: 'none', overflowWrap: 'anywhere' }}
                >
                  <Box component="span" sx={visuallyHidden}>
                    {`${progress}: `}
                  </Box>
                  {stepTitle}
                </Typography>
                {lostNotice === 'show' ? (
                  <Alert severity="warning" sx={{ mb: 2 }}>
                    <AlertTitle>{t('creditApplication.draftLost.title')}</AlertTitle>
                    {t('creditApplication.draftLost.body')}
                  </Alert>
                ) : null}
                {restored && stepIndex === 0 ? (
                  <Alert severity="info" sx={{ mb: 2 }}>
                    {t('creditApplication.draftRestored')}
                  </Alert>
                ) : null}
                {hasProblems ? <StepSummary paths={stepPaths} summaryRef={summaryRef} /> : null}
                {redirecting ? null : step.key === 'review' ? (
                  <ReviewAndSubmit
                    wizard={wizard}
                    goTo={nav.goTo}
                    onSent={(application) => {
                      forget();
                      setSent(application);
                    }}
                    onPrint={print}
                  />
                ) : (
                  <StepForm
                    title={stepTitle}
                    fields={step.fields}
                    onContinue={nav.onContinue}
                    submitLabel={
                      nav.returnToReview
                        ? t('creditApplication.actions.backToReview')
                        : t('creditApplication.actions.continue')
                    }
                  />
                )}
              </Box>
            </Box>
          )}
          <ConfirmDialog
            open={askingAnother}
            title={t('creditApplication.another.title')}
            description={<DialogContentText>{t('creditApplication.another.body')}</DialogContentText>}
            confirmLabel={t('creditApplication.another.confirm')}
            busyLabel={t('creditApplication.another.confirm')}
            cancelLabel={t('creditApplication.another.cancel')}
            busy={false}
            onConfirm={() => {
              // A new draft (its own idempotency key) from the values sent, back at the review: nothing
              // is sent until the operator sends it there.
              if (sent) startFrom(sent.values);
              setAskingAnother(false);
              setSent(null);
              nav.goTo(REVIEW_SLUG);
            }}
            onClose={() => setAskingAnother(false)}
            // Cancelled: back to the button (confirmed, the review's heading takes focus on its own).
            returnFocusTo={() => anotherRef.current}
          />
          <LeaveDialog
            open={blocker.state === 'blocked'}
            onStay={() => blocker.reset?.()}
            onLeave={() => blocker.proceed?.()}
            onDiscard={() => {
              forget();
              blocker.proceed?.();
            }}
          />
        </PageContainer>
      </Box>
      {printing ? (
        <ApplicationPrintView
          wizard={wizard}
          read={(path) => get(sent ? sent.values : getValues(), path)}
          sent={sent ? { sentAt: sent.sentAt, trackingCode: trackingCodeOf(sent.response) } : null}
        />
      ) : null}
    </>
  );
}

/** The step's error summary: re-renders alone as its problems change while the operator corrects them. */
function StepSummary({ paths, summaryRef }: { paths: readonly string[]; summaryRef: Ref<HTMLDivElement> }) {
  const problems = sortByPosition(useProblems(paths, true));
  return problems.length > 0 ? <ErrorSummary problems={problems} summaryRef={summaryRef} /> : null;
}

/** One step's fields and its "Continuar", which validates the step's fields only. */
function StepForm({
  title,
  fields,
  onContinue,
  submitLabel,
}: {
  title: string;
  fields: readonly StepEntry[];
  onContinue: ReturnType<typeof useStepNavigation>['navigation']['onContinue'];
  submitLabel: string;
}) {
  const { t } = useTranslation();
  // Untyped: the step's paths are read from its schema at run time.
  const { trigger } = useFormContext();
  return (
    <form
      noValidate
      onSubmit={(event) => void onContinue(event, (paths) => trigger(paths))}
      aria-labelledby="step-title"
    >
      <span id="step-title" hidden>
        {title}
      </span>
      <StepFields fields={fields} />
      <Stack direction="row" sx={{ mt: 3, alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" {...shortcutProps(SHORTCUTS.continue, t)}>
          {submitLabel}
        </Button>
        <KeyHint shortcut={SHORTCUTS.continue} />
      </Stack>
      <ShortcutList />
    </form>
  );
}
