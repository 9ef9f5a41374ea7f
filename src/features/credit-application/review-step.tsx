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
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { analysisStatusQueries } from '@/api/analysis-status';
import { productQueries } from '@/api/products';
import type { CreditApplicationRequest } from '@/api/schemas/credit-application';
import { AnalysisStatusChip } from '@/components/analysis-status-chip';
import { onlyDigits } from '@/lib/brazil';
import { isValidCpf } from '@/lib/cpf';
import { fieldLabel } from './error-summary';
import type { ApplicationFormValues } from './form-values';
import { steps, type StepKey, type StepSlug } from './steps';
import { useDomainOptions } from './step-fields';

/** Router state of an "Alterar" link: after the change, "Continuar" returns to the review. */
export const RETURN_TO_REVIEW = { returnTo: 'revisao' } as const;

function Group({ stepKey, slug, children }: { stepKey: StepKey; slug: StepSlug; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`creditApplication.steps.${stepKey}`);
  const headingId = `revisao-${slug}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h3">
          {title}
        </Typography>
        <Link component={RouterLink} to={`/proposta/nova/${slug}`} state={RETURN_TO_REVIEW}>
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

export const visuallyHidden = {
  position: 'absolute',
  width: '1px', // not 1: in sx, 1 means 100 %, which widened the page (issue 11)
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Pairs({ rows }: { rows: Array<[string, ReactNode]> }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(180px, 30%) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === '' ? t('creditApplication.review.empty') : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Every value, grouped by step, each group with its "Alterar" link; and the exact body that goes out. */
export function ReviewSummary({ body }: { body: CreditApplicationRequest | null }) {
  const { t } = useTranslation();
  const { getValues } = useFormContext<ApplicationFormValues>();
  const options = useDomainOptions();
  const products = useQuery(productQueries.list());
  const values = getValues();
  const { portador } = values;
  const label = (list: Array<{ value: string; label: string }>, value: string) =>
    list.find((option) => option.value === value)?.label ?? value;
  const l = (path: string) => fieldLabel(path, t);
  const productName = products.data?.find((product) => product.codigo === values.codigodoproduto)?.nome;
  const [product, personal, document, income, phones, addresses, cards] = steps;

  return (
    <Stack spacing={2}>
      <Group stepKey={product.key} slug={product.slug}>
        <Pairs
          rows={[
            [
              l('codigodoproduto'),
              productName ? `${values.codigodoproduto} · ${productName}` : values.codigodoproduto,
            ],
            [l('cartaodecredito.diadovencimento'), values.cartaodecredito.diadovencimento],
          ]}
        />
      </Group>
      <Group stepKey={personal.key} slug={personal.slug}>
        <Pairs
          rows={[
            [l('portador.cpf'), portador.cpf],
            [l('portador.nome'), portador.nome],
            [l('portador.nomeimpresso'), portador.nomeimpresso],
            [l('portador.nomedamae'), portador.nomedamae],
            [l('portador.datadenascimento'), portador.datadenascimento],
            [l('portador.sexo'), label(options.sexo, portador.sexo)],
            [l('portador.estadocivil'), label(options.estadocivil, portador.estadocivil)],
            [l('portador.siglanacionalidade'), portador.siglanacionalidade.toUpperCase()],
            [l('portador.email'), portador.email],
          ]}
        />
      </Group>
      <Group stepKey={document.key} slug={document.slug}>
        <Pairs
          rows={[
            [l('portador.numerodaidentidade'), portador.numerodaidentidade],
            [l('portador.orgaoexpedidordaidentidade'), portador.orgaoexpedidordaidentidade.toUpperCase()],
            [l('portador.unidadefederativadaidentidade'), portador.unidadefederativadaidentidade],
            [l('portador.datadeemissaodaidentidade'), portador.datadeemissaodaidentidade],
          ]}
        />
      </Group>
      <Group stepKey={income.key} slug={income.slug}>
        <Pairs
          rows={[
            [l('portador.codigodaprofissao'), label(options.profissoes, portador.codigodaprofissao)],
            [l('portador.nomeempresa'), portador.nomeempresa],
            [l('portador.valorrenda'), portador.valorrenda],
            [l('portador.numerodaagencia'), portador.numerodaagencia],
            [l('portador.numerodacontacorrente'), portador.numerodacontacorrente],
          ]}
        />
      </Group>
      <Group stepKey={phones.key} slug={phones.slug}>
        <Pairs
          rows={portador.telefones.map((phone, index) => [
            l(`portador.telefones.${index}`),
            `${label(options.tipotelefone, phone.tipotelefone)}: (${phone.numerododdd}) ${phone.numerodotelefone}`,
          ])}
        />
      </Group>
      <Group stepKey={addresses.key} slug={addresses.slug}>
        <Pairs
          rows={portador.enderecos.map((address, index) => [
            l(`portador.enderecos.${index}`),
            <>
              {`${address.logradouro}, ${address.numero}${address.complemento ? ` – ${address.complemento}` : ''}`}
              <br />
              {`${address.bairro}, ${address.cidade} – ${address.uf}, ${address.cep}, ${address.pais}`}
              <br />
              {`${label(options.tipoendereco, address.tipoendereco)}${address.pontoreferencia ? ` · ${address.pontoreferencia}` : ''}`}
              {address.enderecocorrespondencia ? (
                <>
                  <br />
                  <strong>{t('creditApplication.fields.enderecocorrespondencia')}</strong>
                </>
              ) : null}
            </>,
          ])}
        />
      </Group>
      <Group stepKey={cards.key} slug={cards.slug}>
        {portador.cartoesadicionais.length === 0 ? (
          <Typography variant="body2">{t('creditApplication.review.none')}</Typography>
        ) : (
          <Pairs
            rows={portador.cartoesadicionais.map((card, index) => [
              l(`portador.cartoesadicionais.${index}`),
              Object.keys(card).length === 0
                ? t('creditApplication.review.additionalCardEmpty')
                : Object.entries(card)
                    .map(([key, value]) => `${key}: ${value}`)
                    .join(' · '),
            ])}
          />
        )}
      </Group>
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
}: {
  results: Array<{ CodigoParaAcompanhamento: string; Status: string }>;
  highlight?: readonly string[];
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
        </Box>
      ))}
    </Box>
  );
}

export function SubmitButton({
  pending,
  onClick,
  label,
}: {
  pending: boolean;
  onClick: () => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="contained"
      size="large"
      onClick={onClick}
      disabled={pending}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {pending ? t('creditApplication.actions.submitting') : label}
    </Button>
  );
}
