import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { visuallyHidden } from '@mui/utils';
import { useCreditApplicationTranslation } from '../texts';
import { Link as RouterLink } from 'react-router';
import { applicationStepPath } from '@/config/paths';
import { analysisStatusQueries } from '@/api/analysis-status';
import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import { TechnicalText } from '@/components/technical-details';
import { AnalysisStatusChip } from '@/components/analysis-status-chip';
import { useServices } from '@/hooks/services-context';
import { isValidCpf } from '@/lib/cpf';
import { onlyDigits } from '@/lib/digit-pattern';
import { useFormContext } from 'react-hook-form';
import { reviewSections, useDisplayContext, type ReviewRow } from './sections';
import type { ApplicationInput, StepKey, StepSlug } from '../schema';

/** Router state of an "Alterar" link: after the change, "Continuar" returns to the review. */
export const RETURN_TO_REVIEW = { returnTo: 'revisao' } as const;

function Group({ stepKey, slug, children }: { stepKey: StepKey; slug: StepSlug; children: ReactNode }) {
  const { t } = useCreditApplicationTranslation();
  const title = t(`creditApplication.steps.${stepKey}`);
  const headingId = `revisao-${slug}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1, flexWrap: 'wrap', gap: 1 }}
      >
        <Typography id={headingId} variant="h6" component="h3">
          {title}
        </Typography>
        <Link component={RouterLink} to={applicationStepPath(slug)} state={RETURN_TO_REVIEW}>
          {t('creditApplication.actions.change')}
          <Box component="span" sx={visuallyHidden}>
            {` ${title}`}
          </Box>
        </Link>
      </Stack>
      {children}
    </Paper>
  );
}

function Pairs({ rows }: { rows: readonly ReviewRow[] }) {
  const { t } = useCreditApplicationTranslation();
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // One column on phones (label above value), two from sm up.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(120px, 30%) minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {rows.map(({ label, lines }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}
          >
            {lines.length === 1
              ? lines[0] || t('creditApplication.review.empty')
              : lines.map((line, number) => (
                  <span key={number}>
                    {number > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Every value, grouped by step, each group with its "Alterar" link. */
export function ReviewSummary({ body }: { body: CreditApplicationRequest | null }) {
  const { t } = useCreditApplicationTranslation();
  const { getValues } = useFormContext<ApplicationInput>();
  const sections = reviewSections(getValues(), useDisplayContext());
  return (
    <Stack spacing={2}>
      {sections.map((section) => (
        <Group key={section.slug} stepKey={section.step} slug={section.slug}>
          <Pairs rows={section.rows} />
        </Group>
      ))}
      {body ? (
        <Box component="details" sx={{ '& summary': { cursor: 'pointer' } }}>
          <Typography component="summary" variant="body2">
            {t('creditApplication.technical.request')}
          </Typography>
          <TechnicalText>{JSON.stringify(body, null, 2)}</TechnicalText>
        </Box>
      ) : null}
    </Stack>
  );
}

/** Before the submit: does this CPF already have analyses? A warning, never a block. */
export function DuplicateCheck({ cpf }: { cpf: string }) {
  const { t } = useCreditApplicationTranslation();
  const digits = onlyDigits(cpf);
  const valid = isValidCpf(cpf);
  const { http } = useServices();
  const lookup = useQuery({ ...analysisStatusQueries.byCpf(http, digits), enabled: valid });
  if (!valid) return null;
  if (lookup.isPending)
    return (
      <Alert severity="info" icon={<CircularProgress size={20} />} role="status">
        {t('creditApplication.duplicate.checking')}
      </Alert>
    );
  if (lookup.isError)
    return (
      <Alert severity="warning" role="status">
        {t('creditApplication.duplicate.failed')}
      </Alert>
    );
  const results = lookup.data.conteudo.resultados;
  if (results.length === 0)
    return (
      <Alert severity="success" role="status">
        {t('creditApplication.duplicate.none')}
      </Alert>
    );
  const total = Math.max(lookup.data.conteudo.totalDeRegistros, results.length);
  return (
    <Alert severity="warning" role="status">
      <AlertTitle>{t('creditApplication.duplicate.title', { count: total })}</AlertTitle>
      {t('creditApplication.duplicate.body')}
      <AnalysesList results={results} />
    </Alert>
  );
}

export function AnalysesList({
  results,
  highlight = [],
  answeredCode = null,
}: {
  results: Array<{ CodigoParaAcompanhamento: string; Status: string }>;
  highlight?: readonly string[];
  /** The code the provider's answer carried, marked as such. */
  answeredCode?: string | null;
}) {
  const { t } = useCreditApplicationTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('creditApplication.duplicate.code')}
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
    >
      {results.map((result) => (
        <Box
          component="li"
          key={result.CodigoParaAcompanhamento}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.25 }}
        >
          <Typography
            component="span"
            variant="body2"
            sx={{
              fontFamily: 'monospace',
              fontWeight: highlight.includes(result.CodigoParaAcompanhamento) ? 700 : 400,
            }}
          >
            {result.CodigoParaAcompanhamento}
          </Typography>
          <AnalysisStatusChip status={result.Status} />
          {result.CodigoParaAcompanhamento === answeredCode ? (
            <Typography component="span" variant="body2">
              {t('creditApplication.submit.answeredCode')}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

export function SubmitButton({
  pending,
  onClick,
  label,
  disabled = false,
}: {
  pending: boolean;
  onClick: () => void;
  label: string;
  /** Not pending, yet not to be pressed (a draft already sent, while the success screen comes). */
  disabled?: boolean;
}) {
  const { t } = useCreditApplicationTranslation();
  return (
    <Button
      variant="contained"
      size="large"
      onClick={onClick}
      disabled={pending || disabled}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {pending ? t('creditApplication.actions.submitting') : label}
    </Button>
  );
}
