import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { Ref } from 'react';
import { useFormContext } from 'react-hook-form';
import { useCreditApplicationTranslation } from '../texts';
import { ErrorSummary, sortByPosition } from './error-summary';
import { ReviewAndSubmit } from '../review/review-and-submit';
import { StepFields } from './step-fields';
import { StepList } from './step-list';
import { useProblems } from './use-form-errors';
import type { useStepNavigation } from './use-step-navigation';
import type { WizardStepsState } from './use-wizard-steps';
import { KeyHint, SHORTCUTS, ShortcutList, shortcutProps } from './wizard-shortcuts';
import type { StepEntry, Wizard } from './wizard';

interface WizardStepScreenProps {
  wizard: Wizard;
  steps: WizardStepsState['steps'];
  /** A draft restored from memory: said at step 1. */
  restored: boolean;
  rootRef: Ref<HTMLDivElement>;
  summaryRef: Ref<HTMLDivElement>;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The step list beside the step shown: its heading, its notices and problems, and its fields or the review. */
export function WizardStepScreen({
  wizard,
  steps,
  restored,
  rootRef,
  summaryRef,
  headingRef,
}: WizardStepScreenProps) {
  const { t } = useCreditApplicationTranslation();
  const { nav, redirecting } = steps;
  const { step, stepIndex, previous } = nav;
  const stepTitle = t(`creditApplication.steps.${step.key}`);
  return (
    <Box
      ref={rootRef}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '200px minmax(0, 960px)' },
        gap: { xs: 2, lg: 3 },
        alignItems: 'start',
      }}
    >
      <StepList wizard={wizard} current={stepIndex} furthest={steps.furthest} onGo={steps.goToStep} />
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
        <StepHeading wizard={wizard} stepIndex={stepIndex} stepTitle={stepTitle} headingRef={headingRef} />
        {steps.lostNoticeShown ? (
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
        {steps.hasProblems ? <StepSummary paths={steps.stepPaths} summaryRef={summaryRef} /> : null}
        {redirecting ? null : step.key === 'review' ? (
          <ReviewAndSubmit wizard={wizard} goTo={nav.goTo} onSent={steps.onSent} onPrint={steps.print} />
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
  );
}

/** "Etapa 2 de 8" and the step's name; the heading focus goes to on a new step, which says both. */
function StepHeading({
  wizard,
  stepIndex,
  stepTitle,
  headingRef,
}: {
  wizard: Wizard;
  stepIndex: number;
  stepTitle: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useCreditApplicationTranslation();
  const progress = t('creditApplication.progress', { current: stepIndex + 1, total: wizard.steps.length });
  return (
    <>
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
  const { t } = useCreditApplicationTranslation();
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
