import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { FormProvider, useForm, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useBlocker, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { analysisStatusQueries } from '@/api/analysis-status';
import { isUnknownOutcome } from '@/api/api-error';
import { submitCreditApplication } from '@/api/credit-application';
import { productQueries } from '@/api/products';
import {
  creditApplicationRequestSchema,
  type CreditApplicationRequest,
} from '@/api/schemas/credit-application';
import { session } from '@/api/session';
import { PageContainer } from '@/components/page-container';
import { useToast } from '@/components/toast-provider';
import { useRuntimeConfig } from '@/config/config-context';
import { incomeUnitOf, type RuntimeConfig } from '@/config/config-schema';
import { onlyDigits } from '@/lib/brazil';
import { handOffCpfForStatusLookup } from '@/lib/status-lookup-handoff';
import { applicationIssues, createApplicationSchema, type RuleContext } from './application-schema';
import { AdditionalCardsStep, AddressesStep, PhonesStep } from './array-steps';
import { draftStore } from './draft-store';
import { ErrorSummary, fieldLabel, flattenErrors, sortByPosition } from './error-summary';
import { emptyApplication, type ApplicationFormValues } from './form-values';
import { LeaveDialog } from './leave-dialog';
import { DuplicateCheck, ReviewSummary, SubmitButton, visuallyHidden } from './review-step';
import { DocumentStep, IncomeStep, PersonalStep, ProductStep } from './step-fields';
import { FIRST_SLUG, REVIEW_SLUG, stepIndexOf, stepOfField, steps, type StepKey } from './steps';
import { SubmitFailure, SubmitSuccess, UnknownOutcome } from './submit-outcome';
import { toCreditApplicationRequest } from './to-request';

const BASE = '/proposta/nova';

/** `/proposta/nova/:etapa?`: the wizard; without a known step, its first step (keeping `?produto=`). */
export function CreditApplicationPage() {
  const { etapa } = useParams();
  const location = useLocation();
  if (stepIndexOf(etapa) < 0)
    return <Navigate to={{ pathname: `${BASE}/${FIRST_SLUG}`, search: location.search }} replace />;
  return <Wizard />;
}

/** Whether the form holds personal data typed by the operator (a product choice alone is not). */
function hasUnsentData(values: ApplicationFormValues, config: Pick<RuntimeConfig, 'domains'>): boolean {
  return JSON.stringify(values.portador) !== JSON.stringify(emptyApplication(config).portador);
}

const stepBodies: Record<Exclude<StepKey, 'review'>, () => React.JSX.Element> = {
  product: ProductStep,
  personal: PersonalStep,
  document: DocumentStep,
  income: IncomeStep,
  phones: PhonesStep,
  addresses: AddressesStep,
  additionalCards: AdditionalCardsStep,
};

interface Sent {
  cpf: string;
  response: unknown;
}

function Wizard() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { etapa } = useParams();
  const stepIndex = Math.max(0, stepIndexOf(etapa));
  const step = steps[stepIndex] ?? steps[0];
  const routerState: unknown = location.state;
  const returnToReview =
    typeof routerState === 'object' &&
    routerState !== null &&
    'returnTo' in routerState &&
    routerState.returnTo === REVIEW_SLUG;

  const products = useQuery(productQueries.list());
  const productCodes = useRef<string[] | null>(null);
  useEffect(() => {
    productCodes.current = products.data?.map((product) => product.codigo) ?? null;
  }, [products.data]);
  const rules = useMemo<RuleContext>(
    () => ({
      domains: config.domains,
      printedNameMaxLength: config.printedNameMaxLength,
      moneyUnit: incomeUnitOf(config),
      additionalCardFields: config.additionalCardFields,
      get productCodes() {
        return productCodes.current;
      },
      now: () => new Date(),
    }),
    [config],
  );
  const resolver = useMemo(() => zodResolver(createApplicationSchema(rules)), [rules]);

  // The draft (if any) comes back; a product picked on the products screen fills an empty choice.
  const [initial] = useState(() => {
    const saved = draftStore.get()?.values ?? emptyApplication(config);
    const product = params.get('produto');
    if (product && /^\d{1,9}$/.test(product) && saved.codigodoproduto === '')
      return { ...saved, codigodoproduto: product };
    return saved;
  });
  const [restored] = useState(() => {
    const saved = draftStore.get();
    return saved !== null && hasUnsentData(saved.values, config);
  });
  const epoch = useRef(draftStore.epoch());
  // Errors appear on "Continuar" (a step is checked when the operator says it is done); a field that shows
  // an error checks itself again as it is corrected (fields.tsx). Validating on blur or on every change
  // instead made react-hook-form validate a whole array when a row was added, flagging the new empty row
  // at once, and let messages vanish on blur, moving the page under the operator's click.
  const methods = useForm<ApplicationFormValues>({ defaultValues: initial, resolver, mode: 'onSubmit' });
  const { getValues, trigger, reset } = methods;

  // Saved when leaving the wizard (not on every key stroke); a clear since mount (sign-out) wins.
  useEffect(() => () => draftStore.save(getValues(), epoch.current), [getValues]);

  const [sent, setSent] = useState<Sent | null>(null);
  // Read by the leave guards (outside render); set together with `sent`.
  const sentRef = useRef(false);

  // Closing or reloading the tab with unsent data asks first.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!sentRef.current && hasUnsentData(getValues(), config)) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [getValues, config]);

  // Leaving the wizard for another screen asks first (moving between its steps does not).
  const blocker = useBlocker(
    ({ nextLocation }) =>
      !nextLocation.pathname.startsWith(BASE) &&
      session.getState().status === 'active' &&
      !sentRef.current &&
      hasUnsentData(getValues(), config),
  );

  const discardDraft = () => {
    draftStore.clear();
    epoch.current = draftStore.epoch();
    reset(emptyApplication(config));
  };

  // The step whose "Continuar" failed: its summary shows until the operator moves to another step.
  const [summaryFor, setSummaryFor] = useState<string | null>(null);
  const [summaryTick, setSummaryTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { errors } = useFormState({ control: methods.control });
  const problems =
    summaryFor === step.slug && step.key !== 'review'
      ? sortByPosition(
          flattenErrors(errors).filter((problem) => stepOfField(problem.path)?.slug === step.slug),
        )
      : [];
  const showSummary = problems.length > 0;

  useEffect(() => {
    if (summaryTick > 0) summaryRef.current?.focus();
  }, [summaryTick]);

  // A new step: its heading takes focus, so that screen readers and the keyboard start there.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stepIndex]);

  const goTo = (slug: string, state?: unknown) => {
    setSummaryFor(null);
    void navigate(`${BASE}/${slug}`, { state });
  };

  const onContinue = async (event: SyntheticEvent) => {
    event.preventDefault();
    const valid = await trigger([...step.fields]);
    if (!valid) {
      setSummaryFor(step.slug);
      setSummaryTick((tick) => tick + 1);
      return;
    }
    const next = returnToReview ? REVIEW_SLUG : steps[stepIndex + 1]?.slug;
    if (next) goTo(next);
  };
  const previous = stepIndex > 0 ? steps[stepIndex - 1] : undefined;

  const title = t('creditApplication.title');
  const stepTitle = t(`creditApplication.steps.${step.key}`);
  const progress = t('creditApplication.progress', { current: stepIndex + 1, total: steps.length });

  const queryClient = useQueryClient();
  const notify = useToast();
  const startOver = () => {
    setSent(null);
    sentRef.current = false;
    reset(emptyApplication(config));
    goTo(FIRST_SLUG);
  };

  return (
    <FormProvider {...methods}>
      <PageContainer
        title={title}
        titlePrefix={showSummary ? t('creditApplication.errorTitlePrefix') : undefined}
      >
        {sent ? (
          <SubmitSuccess
            response={sent.response}
            onGoToStatus={() => {
              handOffCpfForStatusLookup(sent.cpf);
              void navigate('/analises');
            }}
            onNewApplication={startOver}
          />
        ) : (
          <Box sx={{ maxWidth: 960 }}>
            {previous ? (
              <Button
                startIcon={<ArrowBackIcon />}
                onClick={() => goTo(previous.slug)}
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
              sx={{ mb: 2, outline: 'none' }}
            >
              <Box component="span" sx={visuallyHidden}>
                {`${progress}: `}
              </Box>
              {stepTitle}
            </Typography>
            {restored && stepIndex === 0 ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('creditApplication.draftRestored')}
              </Alert>
            ) : null}
            {showSummary ? <ErrorSummary problems={problems} summaryRef={summaryRef} /> : null}
            {step.key === 'review' ? (
              <ReviewAndSubmit
                rules={rules}
                onSent={(cpf, response) => {
                  draftStore.clear();
                  epoch.current = draftStore.epoch();
                  setSent({ cpf, response });
                  sentRef.current = true;
                  reset(emptyApplication(config));
                  void queryClient.invalidateQueries({ queryKey: analysisStatusQueries.all() });
                  notify(t('creditApplication.submit.successTitle'));
                }}
              />
            ) : (
              <form noValidate onSubmit={(event) => void onContinue(event)} aria-labelledby="step-title">
                <span id="step-title" hidden>
                  {stepTitle}
                </span>
                <StepBody stepKey={step.key} />
                <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
                  <Button type="submit" variant="contained" size="large">
                    {returnToReview
                      ? t('creditApplication.actions.backToReview')
                      : t('creditApplication.actions.continue')}
                  </Button>
                </Stack>
              </form>
            )}
          </Box>
        )}
        <LeaveDialog
          open={blocker.state === 'blocked'}
          onStay={() => blocker.reset?.()}
          onLeave={() => blocker.proceed?.()}
          onDiscard={() => {
            discardDraft();
            blocker.proceed?.();
          }}
        />
      </PageContainer>
    </FormProvider>
  );
}

function StepBody({ stepKey }: { stepKey: Exclude<StepKey, 'review'> }) {
  const Body = stepBodies[stepKey];
  return <Body />;
}

interface Attempt {
  body: CreditApplicationRequest;
  idempotencyKey: string;
}

/** The review, the duplicate warning and the one submit. */
function ReviewAndSubmit({
  rules,
  onSent,
}: {
  rules: RuleContext;
  onSent: (cpf: string, response: unknown) => void;
}) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { getValues } = useFormContext<ApplicationFormValues>();
  const values = getValues();
  const issues = applicationIssues(values, rules);
  const parsed =
    issues.length === 0
      ? creditApplicationRequestSchema.safeParse(
          toCreditApplicationRequest(values, { ...config, moneyUnit: incomeUnitOf(config) }),
        )
      : null;
  const body = parsed?.success ? parsed.data : null;
  const cpf = onlyDigits(values.portador.cpf);

  // Synchronous guard: a second click (or Enter) before React re-renders finds it set.
  const inFlight = useRef(false);
  const [knownCodes, setKnownCodes] = useState<string[]>([]);
  const [attempts, setAttempts] = useState(0);
  const mutation = useMutation({
    mutationFn: (attempt: Attempt) => submitCreditApplication(attempt.body, attempt.idempotencyKey),
    onSettled: () => {
      inFlight.current = false;
    },
    onSuccess: (response) => onSent(cpf, response),
  });

  const send = () => {
    if (inFlight.current || mutation.isPending || !body) return;
    inFlight.current = true;
    const cached = queryClient.getQueryData(analysisStatusQueries.byCpf(cpf).queryKey);
    setKnownCodes(cached?.conteudo.resultados.map((result) => result.CodigoParaAcompanhamento) ?? []);
    setAttempts((count) => count + 1);
    mutation.mutate({ body, idempotencyKey: draftStore.idempotencyKey() });
  };

  if (issues.length > 0) {
    return (
      <Alert severity="error" role="alert">
        {t('creditApplication.review.fixFirst')}
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {issues.slice(0, 20).map((issue) => {
            const step = stepOfField(issue.path);
            return (
              <li key={issue.path}>
                <Button
                  size="small"
                  color="inherit"
                  sx={{ textTransform: 'none', p: 0, textDecoration: 'underline' }}
                  onClick={() =>
                    void navigate(`${BASE}/${step?.slug ?? FIRST_SLUG}`, { state: { returnTo: REVIEW_SLUG } })
                  }
                >
                  {`${step ? t(`creditApplication.steps.${step.key}`) : ''} · ${fieldLabel(issue.path, t)}`}
                </Button>
              </li>
            );
          })}
        </ul>
      </Alert>
    );
  }

  const error = mutation.error;
  const unknown = error !== null && isUnknownOutcome(error);
  return (
    <Stack spacing={3}>
      <Typography>{t('creditApplication.review.intro')}</Typography>
      <ReviewSummary body={body} />
      <DuplicateCheck cpf={values.portador.cpf} />
      {error && unknown ? (
        <UnknownOutcome
          key={attempts}
          cpf={cpf}
          knownCodes={knownCodes}
          onResend={send}
          pending={mutation.isPending}
        />
      ) : null}
      {error && !unknown ? <SubmitFailure error={error} /> : null}
      {mutation.isPending ? (
        <Typography role="status">{t('creditApplication.submit.pending')}</Typography>
      ) : null}
      {!unknown ? (
        <Box>
          <SubmitButton
            pending={mutation.isPending}
            onClick={send}
            label={t('creditApplication.actions.submit')}
          />
        </Box>
      ) : null}
    </Stack>
  );
}
