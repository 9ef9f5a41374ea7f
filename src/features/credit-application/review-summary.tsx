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
import { useFormContext } from 'react-hook-form';
import { useTranslation } from './texts';
import { Link as RouterLink } from 'react-router';
import { applicationStepPath } from '@/config/paths';
import { analysisStatusQueries } from '@/api/analysis-status';
import { productQueries } from '@/api/products';
import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import { AnalysisStatusChip } from '@/components/analysis-status-chip';
import { isValidCpf } from '@/lib/cpf';
import { onlyDigits } from '@/lib/digit-pattern';
import { useRuntimeConfig } from '@/config/config-context';
import { localizeLabel } from '@/config/config-label';
import type { FieldUi, RowsUi } from './field-kit';
import { fieldLabel, ownLabel } from './fields';
import { fieldsOf, rowSchemaOf, type FieldEntry, type StepKey, type StepSlug, type Wizard } from './wizard';

/** Router state of an "Alterar" link: after the change, "Continuar" returns to the review. */
export const RETURN_TO_REVIEW = { returnTo: 'revisao' } as const;

function Group({ stepKey, slug, children }: { stepKey: StepKey; slug: StepSlug; children: ReactNode }) {
  const { t } = useTranslation();
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

function Pairs({ rows }: { rows: Array<[string, ReactNode]> }) {
  const { t } = useTranslation();
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
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}
          >
            {value === '' ? t('creditApplication.review.empty') : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A value as the operator sees it: a select's option label, the typed text otherwise. */
function useShown() {
  const { t } = useTranslation();
  const products = useQuery(productQueries.list());
  const { i18n } = useTranslation();
  const { domains } = useRuntimeConfig();
  return (ui: FieldUi | RowsUi, value: unknown): string => {
    if (typeof value === 'boolean')
      return value ? t('creditApplication.review.yes') : t('creditApplication.review.no');
    const text = typeof value === 'string' ? value : '';
    if (ui.kind === 'product') {
      const name = products.data?.find((product) => product.codigo === text)?.nome;
      return name ? `${text} · ${name}` : text;
    }
    if (ui.kind === 'upper' || ui.kind === 'printedName') return text.toUpperCase();
    if (ui.kind !== 'select' || !ui.options || ui.options === 'uf' || ui.options === 'dueDay') return text;
    const list =
      ui.options === 'profissoes'
        ? domains.profissoes.map((entry) => ({ value: String(entry.code), label: entry.label }))
        : domains[ui.options];
    const found = list.find((entry) => entry.value === text);
    return found ? localizeLabel(found.label, i18n.language) : text;
  };
}

/** Every value, grouped by step (rows read from the step schemas), each group with its "Alterar" link. */
export function ReviewSummary({ wizard, body }: { wizard: Wizard; body: CreditApplicationRequest | null }) {
  const { t } = useTranslation();
  const { getValues } = useFormContext();
  const shown = useShown();
  const value = (path: string): unknown => getValues(path);
  return (
    <Stack spacing={2}>
      {wizard.steps
        .filter((step) => step.key !== 'review')
        .map((step) => (
          <Group key={step.slug} stepKey={step.key} slug={step.slug}>
            <StepPairs fields={step.fields} value={value} shown={shown} />
          </Group>
        ))}
      {body ? (
        <Box component="details" sx={{ '& summary': { cursor: 'pointer' } }}>
          <Typography component="summary" variant="body2">
            {t('creditApplication.review.requestBody')}
          </Typography>
          <Box
            component="pre"
            sx={{ fontSize: 13, overflowX: 'auto', p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
          >
            {JSON.stringify(body, null, 2)}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}

function StepPairs({
  fields,
  value,
  shown,
}: {
  fields: readonly FieldEntry[];
  value: (path: string) => unknown;
  shown: ReturnType<typeof useShown>;
}) {
  const { t } = useTranslation();
  const pairs: Array<[string, ReactNode]> = [];
  for (const entry of fields) {
    if (entry.ui.kind !== 'rows') {
      pairs.push([fieldLabel(entry.path, t), shown(entry.ui, value(entry.path))]);
      continue;
    }
    const list = value(entry.path);
    const rowsUi = entry.ui;
    if (!Array.isArray(list) || list.length === 0) {
      pairs.push([fieldLabel(entry.path, t), t('creditApplication.review.none')]);
      continue;
    }
    const element = rowSchemaOf(entry);
    list.forEach((_: unknown, index) => {
      const at = `${entry.path}.${index}`;
      const rowFields = element ? fieldsOf(element, at) : [];
      const row = Object.fromEntries(
        rowFields.map((field) => [field.path.split('.').pop() ?? '', value(field.path)]),
      );
      // What the row summary shows for a sibling: an option's label, or a flag's own label.
      const label = (name: string) => {
        const field = rowFields.find((candidate) => candidate.path === `${at}.${name}`);
        return field
          ? field.ui.kind === 'mailing'
            ? ownLabel(field.path, t)
            : shown(field.ui, value(field.path))
          : name;
      };
      const lines = rowsUi.summary
        ? rowsUi.summary(row, label)
        : rowFields.length === 0
          ? [t('creditApplication.review.additionalCardEmpty')]
          : rowFields.map((field) => `${ownLabel(field.path, t)}: ${shown(field.ui, value(field.path))}`);
      pairs.push([
        fieldLabel(at, t),
        lines.map((line, number) => (
          <span key={number}>
            {number > 0 ? <br /> : null}
            {line}
          </span>
        )),
      ]);
    });
  }
  return <Pairs rows={pairs} />;
}

/** Before the submit: does this CPF already have analyses? A warning, never a block. */
export function DuplicateCheck({ cpf }: { cpf: string }) {
  const { t } = useTranslation();
  const digits = onlyDigits(cpf);
  const valid = isValidCpf(cpf);
  const lookup = useQuery({ ...analysisStatusQueries.byCpf(digits), enabled: valid });
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
  const { t } = useTranslation();
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
  const { t } = useTranslation();
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
