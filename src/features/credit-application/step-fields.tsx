import Grid from '@mui/material/Grid';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { productQueries } from '@/api/products';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { useRuntimeConfig } from '@/config/config-context';
import { localizeLabel } from '@/config/config-label';
import { UF_CODES } from '@/lib/brazil';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money';
import { suggestPrintedName } from '@/lib/printed-name';
import { FormSelect, FormText, masks } from './fields';
import { DUE_DAYS, type ApplicationFormValues } from './form-values';

export const ufOptions = UF_CODES.map((code) => ({ value: code, label: code }));

/** Domain lists from the runtime config, labelled in the UI language. */
export function useDomainOptions() {
  const { i18n } = useTranslation();
  const { domains } = useRuntimeConfig();
  const entries = (list: Array<{ value: string; label: Parameters<typeof localizeLabel>[0] }>) =>
    list.map((entry) => ({ value: entry.value, label: localizeLabel(entry.label, i18n.language) }));
  return {
    sexo: entries(domains.sexo),
    estadocivil: entries(domains.estadocivil),
    tipotelefone: entries(domains.tipotelefone),
    tipoendereco: entries(domains.tipoendereco),
    profissoes: domains.profissoes.map((entry) => ({
      value: String(entry.code),
      label: localizeLabel(entry.label, i18n.language),
    })),
  };
}

export function ProductStep() {
  const { t } = useTranslation();
  const products = useQuery(productQueries.list());
  const options = (products.data ?? []).map((product) => ({
    value: product.codigo,
    label: `${product.codigo} · ${product.nome}`,
  }));
  return (
    <Grid container spacing={2}>
      {products.isError ? (
        <Grid size={12}>
          <ApiErrorAlert
            error={products.error}
            title={t('products.errorTitle')}
            onRetry={() => void products.refetch()}
            retrying={products.isFetching}
          />
        </Grid>
      ) : null}
      <Grid size={{ xs: 12, md: 8 }}>
        <FormSelect
          name="codigodoproduto"
          label={t('creditApplication.fields.codigodoproduto')}
          options={options}
          placeholder={
            products.isPending
              ? t('creditApplication.help.productsLoading')
              : t('creditApplication.help.choose')
          }
          required
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormSelect
          name="cartaodecredito.diadovencimento"
          label={t('creditApplication.fields.diadovencimento')}
          options={DUE_DAYS.map((day) => ({ value: String(day), label: String(day) }))}
          placeholder={t('creditApplication.help.dueDayFirst')}
          required
          fullWidth
        />
      </Grid>
    </Grid>
  );
}

export function PersonalStep() {
  const { t } = useTranslation();
  const { printedNameMaxLength } = useRuntimeConfig();
  const { getValues, setValue } = useFormContext<ApplicationFormValues>();
  const options = useDomainOptions();
  const f = (
    key:
      | 'cpf'
      | 'nome'
      | 'nomeimpresso'
      | 'nomedamae'
      | 'datadenascimento'
      | 'sexo'
      | 'estadocivil'
      | 'siglanacionalidade'
      | 'email',
  ) => t(`creditApplication.fields.${key}`);
  // Suggests the printed name when the operator leaves the full name and has not typed one yet.
  const suggest = () => {
    const printed = getValues('portador.nomeimpresso');
    if (printed.trim() !== '') return;
    const suggestion = suggestPrintedName(getValues('portador.nome'), printedNameMaxLength);
    if (suggestion) setValue('portador.nomeimpresso', suggestion);
  };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormText name="portador.cpf" label={f('cpf')} mask={masks.cpf} required fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <FormText name="portador.nome" label={f('nome')} required fullWidth onAfterBlur={suggest} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormText
          name="portador.nomeimpresso"
          label={f('nomeimpresso')}
          helperText={t('creditApplication.help.printedName', { max: printedNameMaxLength })}
          required
          fullWidth
          // Suggested from the full name without an input event: the label must not cover the suggestion.
          shrinkLabel
          inputProps={{ maxLength: printedNameMaxLength, style: { textTransform: 'uppercase' } }}
          onAfterBlur={() => {
            const value = getValues('portador.nomeimpresso');
            if (value !== value.toUpperCase())
              setValue('portador.nomeimpresso', value.toUpperCase(), { shouldValidate: true });
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormText name="portador.nomedamae" label={f('nomedamae')} required fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormText
          name="portador.datadenascimento"
          label={f('datadenascimento')}
          helperText={t('creditApplication.help.date')}
          mask={masks.date}
          required
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormSelect
          name="portador.sexo"
          label={f('sexo')}
          options={options.sexo}
          placeholder={t('creditApplication.help.choose')}
          required
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormSelect
          name="portador.estadocivil"
          label={f('estadocivil')}
          options={options.estadocivil}
          placeholder={t('creditApplication.help.choose')}
          required
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormText
          name="portador.siglanacionalidade"
          label={f('siglanacionalidade')}
          helperText={t('creditApplication.help.nationality')}
          required
          fullWidth
          inputProps={{ maxLength: 3, style: { textTransform: 'uppercase' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <FormText name="portador.email" label={f('email')} type="email" required fullWidth />
      </Grid>
    </Grid>
  );
}

export function DocumentStep() {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormText
          name="portador.numerodaidentidade"
          label={t('creditApplication.fields.numerodaidentidade')}
          required
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormText
          name="portador.orgaoexpedidordaidentidade"
          label={t('creditApplication.fields.orgaoexpedidordaidentidade')}
          required
          fullWidth
          inputProps={{ style: { textTransform: 'uppercase' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelect
          name="portador.unidadefederativadaidentidade"
          label={t('creditApplication.fields.unidadefederativadaidentidade')}
          options={ufOptions}
          placeholder={t('creditApplication.help.choose')}
          required
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormText
          name="portador.datadeemissaodaidentidade"
          label={t('creditApplication.fields.datadeemissaodaidentidade')}
          helperText={t('creditApplication.help.date')}
          mask={masks.date}
          required
          fullWidth
        />
      </Grid>
    </Grid>
  );
}

export function IncomeStep() {
  const { t } = useTranslation();
  const options = useDomainOptions();
  const { getValues, setValue } = useFormContext<ApplicationFormValues>();
  // Shows the amount as 1.234,56 once typed (the mask for the eye); the request gets an integer.
  const formatIncome = () => {
    const cents = parseMoneyInput(getValues('portador.valorrenda'));
    if (cents !== null) setValue('portador.valorrenda', formatMoneyInput(cents));
  };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelect
          name="portador.codigodaprofissao"
          label={t('creditApplication.fields.codigodaprofissao')}
          options={options.profissoes}
          placeholder={t('creditApplication.help.choose')}
          required
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormText
          name="portador.nomeempresa"
          label={t('creditApplication.fields.nomeempresa')}
          helperText={t('creditApplication.help.optional')}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormText
          name="portador.valorrenda"
          label={t('creditApplication.fields.valorrenda')}
          helperText={t('creditApplication.help.money')}
          required
          fullWidth
          inputProps={{ inputMode: 'decimal' }}
          onAfterBlur={formatIncome}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormText
          name="portador.numerodaagencia"
          label={t('creditApplication.fields.numerodaagencia')}
          required
          fullWidth
          inputProps={{ inputMode: 'numeric', maxLength: 5 }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormText
          name="portador.numerodacontacorrente"
          label={t('creditApplication.fields.numerodacontacorrente')}
          required
          fullWidth
          inputProps={{ maxLength: 14 }}
        />
      </Grid>
    </Grid>
  );
}
