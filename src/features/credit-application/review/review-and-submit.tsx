import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCreditApplicationTranslation } from '../texts';
import { LiveRegion } from '@/components/live-region';
import { fieldLabel } from '../fields/form-fields';
import { DuplicateCheck, RETURN_TO_REVIEW, ReviewSummary, SubmitButton } from './review-summary';
import { SubmitOutcome } from '../outcome/submit-outcome';
import { useReviewSubmit, type SentApplication } from './use-review-submit';
import { FIRST_SLUG, stepOfPath, type Schemas } from '../schema';

/**
 * The review, the duplicate warning and the one submit (`useReviewSubmit`), or, while the application does
 * not pass its schema, every problem with a link to its step and field.
 */
export function ReviewAndSubmit({
  schemas,
  goTo,
  onSent,
  onPrint,
}: {
  schemas: Schemas;
  goTo: (slug: string, state?: unknown) => void;
  onSent: (sent: SentApplication) => void;
  /** Prints the summary of the draft, for the customer to check before it is sent. */
  onPrint: () => void;
}) {
  const { t } = useCreditApplicationTranslation();
  const review = useReviewSubmit(schemas, onSent);
  if (!review.ready)
    return (
      <FixFirst
        schemas={schemas}
        goTo={goTo}
        problems={review.problems}
        requestProblem={review.requestProblem}
      />
    );

  const { body, cpf, shown, phase, version, pending, send } = review;
  return (
    <Stack spacing={3}>
      <Typography>{t('creditApplication.review.intro')}</Typography>
      <ReviewSummary body={body} />
      <DuplicateCheck cpf={cpf} />
      {shown ? (
        <SubmitOutcome
          key={version}
          outcome={shown}
          schemas={schemas}
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

/** The fields the schema refused, each a link to its step and field. */
function FixFirst({
  schemas,
  goTo,
  problems,
  requestProblem,
}: {
  schemas: Schemas;
  goTo: (slug: string, state?: unknown) => void;
  problems: readonly string[];
  requestProblem: string | null;
}) {
  const { t } = useCreditApplicationTranslation();
  return (
    <Alert severity="error" role="alert">
      {t('creditApplication.review.fixFirst')}
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {problems.map((path) => {
          const step = stepOfPath(schemas, path);
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
        {requestProblem === null ? null : <li>{requestProblem}</li>}
      </ul>
    </Alert>
  );
}
