import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { memo, type ComponentType } from 'react';
import { useFormContext } from 'react-hook-form';
import { ReviewAndSubmit } from '../review/review-and-submit';
import { stepOrder, type FormStepKey, type Schemas } from '../schema';
import { AdditionalCardsStep } from '../steps/additional-cards-step';
import { AddressesStep } from '../steps/addresses-step';
import { DocumentStep } from '../steps/document-step';
import { IncomeStep } from '../steps/income-step';
import { PersonalStep } from '../steps/personal-step';
import { PhonesStep } from '../steps/phones-step';
import { ProductStep } from '../steps/product-step';
import { useCreditApplicationTranslation } from '../texts';
import { ErrorSummary } from './error-summary';
import { StepList } from './step-list';
import { STEP_FORM_ID } from './use-step-navigation';
import type { WizardStepsState } from './use-wizard-steps';
import { KeyHint, SHORTCUTS, ShortcutList, shortcutProps } from './wizard-shortcuts';

const stepComponents: Record<FormStepKey, ComponentType> = {
  product: ProductStep,
  personal: PersonalStep,
  document: DocumentStep,
  income: IncomeStep,
  phones: PhonesStep,
  addresses: AddressesStep,
  additionalCards: AdditionalCardsStep,
};

/**
 * The step's fields. Memo: the screen re-renders when the step's problems change (the summary, the
 * title), and a field re-renders on its own value and message only.
 */
const StepFields = memo(function StepFields({ step }: { step: FormStepKey }) {
  const Step = stepComponents[step];
  return <Step />;
});

/** The step list beside the step shown: its heading, its notices and problems, and its fields or the review. */
export function WizardStepScreen({
  schemas,
  wizard,
  restored,
}: {
  schemas: Schemas;
  wizard: WizardStepsState;
  /** A draft restored from memory: said at step 1. */
  restored: boolean;
}) {
  const { steps, rootRef, summaryRef, headingRef } = wizard;
  const { t } = useCreditApplicationTranslation();
  const { trigger } = useFormContext();
  const { nav, redirecting } = steps;
  const { step, stepIndex, previous } = nav;
  const stepTitle = t(`creditApplication.steps.${step.key}`);
  const progress = t('creditApplication.progress', { current: stepIndex + 1, total: stepOrder.length });
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
      <StepList current={stepIndex} furthest={steps.furthest} onGo={steps.goToStep} />
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
        {/* The heading focus goes to when a step has nothing left to fill: it says the step and its number. */}
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
        {steps.hasProblems ? <ErrorSummary problems={steps.problems} summaryRef={summaryRef} /> : null}
        {redirecting ? null : step.key === 'review' ? (
          <ReviewAndSubmit schemas={schemas} goTo={nav.goTo} onSent={steps.onSent} onPrint={steps.print} />
        ) : (
          <form
            id={STEP_FORM_ID}
            noValidate
            onSubmit={(event) => void nav.onContinue(event, () => trigger())}
            aria-labelledby="step-title"
          >
            <span id="step-title" hidden>
              {stepTitle}
            </span>
            <StepFields step={step.key} />
            <Stack direction="row" sx={{ mt: 3, alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                {...shortcutProps(SHORTCUTS.continue, t)}
              >
                {nav.returnToReview
                  ? t('creditApplication.actions.backToReview')
                  : t('creditApplication.actions.continue')}
              </Button>
              <KeyHint shortcut={SHORTCUTS.continue} />
            </Stack>
            <ShortcutList />
          </form>
        )}
      </Box>
    </Box>
  );
}
