import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useRef, useState } from 'react';
import { get, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/config-context';
import { FormSelect, FormText, fieldId, masks, useErrorMessage } from './fields';
import {
  MAX_ADDITIONAL_CARDS,
  MAX_ADDRESSES,
  MAX_PHONES,
  emptyAdditionalCard,
  emptyAddress,
  emptyPhone,
  type ApplicationFormValues,
} from './form-values';
import { ufOptions, useDomainOptions } from './step-fields';

/** A polite live region that says what an add or remove did. */
function useAnnouncer() {
  const [message, setMessage] = useState('');
  const region = (
    <Typography
      role="status"
      sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
    >
      {message}
    </Typography>
  );
  return { announce: setMessage, region };
}

function RowFrame({
  title,
  headingId,
  onRemove,
  removeLabel,
  children,
}: {
  title: string;
  headingId: string;
  onRemove: (() => void) | null;
  removeLabel: string;
  children: React.ReactNode;
}) {
  return (
    <Paper
      component="fieldset"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, m: 0, minWidth: 0 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography
          id={headingId}
          component="legend"
          variant="subtitle1"
          sx={{ fontWeight: 600, float: 'left', p: 0 }}
        >
          {title}
        </Typography>
        {onRemove ? (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={onRemove}
            aria-label={removeLabel}
          >
            {removeLabel}
          </Button>
        ) : null}
      </Stack>
      {children}
    </Paper>
  );
}

const PhoneRow = memo(function PhoneRow({
  index,
  onRemove,
}: {
  index: number;
  onRemove: ((index: number) => void) | null;
}) {
  const { t } = useTranslation();
  const options = useDomainOptions();
  const at = `portador.telefones.${index}`;
  const number = index + 1;
  return (
    <RowFrame
      title={t('creditApplication.rows.phone', { number })}
      headingId={`${fieldId(at)}-title`}
      onRemove={onRemove ? () => onRemove(index) : null}
      removeLabel={t('creditApplication.actions.removePhone', { number })}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormSelect
            name={`${at}.tipotelefone`}
            label={t('creditApplication.fields.tipotelefone')}
            options={options.tipotelefone}
            required
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 4, md: 2 }}>
          <FormText
            name={`${at}.numerododdd`}
            label={t('creditApplication.fields.numerododdd')}
            mask={masks.ddd}
            required
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 8, md: 6 }}>
          <FormText
            name={`${at}.numerodotelefone`}
            label={t('creditApplication.fields.numerodotelefone')}
            mask={masks.phone}
            required
            fullWidth
          />
        </Grid>
      </Grid>
    </RowFrame>
  );
});

function errorCode(node: unknown): string | undefined {
  return node !== null && typeof node === 'object' && 'message' in node && typeof node.message === 'string'
    ? node.message
    : undefined;
}

function ArrayRootError({ name }: { name: string }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const message = useErrorMessage();
  const text = message(errorCode(get(errors, `${name}.root`)) ?? errorCode(get(errors, name)));
  if (!text) return null;
  return (
    <FormHelperText error id={`${fieldId(name)}-error`}>
      {text}
    </FormHelperText>
  );
}

export function PhonesStep() {
  const { t } = useTranslation();
  const { domains } = useRuntimeConfig();
  const { control } = useFormContext<ApplicationFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'portador.telefones' });
  const addRef = useRef<HTMLButtonElement>(null);
  const { announce, region } = useAnnouncer();
  const removeRow = (index: number) => {
    remove(index);
    announce(
      t('creditApplication.rows.removed', { item: t('creditApplication.rows.phone', { number: index + 1 }) }),
    );
    addRef.current?.focus();
  };
  return (
    <Stack spacing={2}>
      {fields.map((field, index) => (
        <PhoneRow key={field.id} index={index} onRemove={fields.length > 1 ? removeRow : null} />
      ))}
      <ArrayRootError name="portador.telefones" />
      <AddRow
        buttonRef={addRef}
        label={t('creditApplication.actions.addPhone')}
        count={fields.length}
        max={MAX_PHONES}
        onAdd={() => {
          append(emptyPhone(domains));
          announce(
            t('creditApplication.rows.added', {
              item: t('creditApplication.rows.phone', { number: fields.length + 1 }),
            }),
          );
        }}
      />
      {region}
    </Stack>
  );
}

function AddRow({
  label,
  count,
  max,
  onAdd,
  buttonRef,
}: {
  label: string;
  count: number;
  max: number;
  onAdd: () => void;
  buttonRef: React.Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const full = count >= max;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button ref={buttonRef} variant="outlined" startIcon={<AddIcon />} onClick={onAdd} disabled={full}>
        {label}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {full
          ? t('creditApplication.rows.maxReached', { max })
          : t('creditApplication.rows.count', { count, max })}
      </Typography>
    </Stack>
  );
}

function MailingChoice({ index, onChoose }: { index: number; onChoose: (index: number) => void }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ApplicationFormValues>();
  const checked = useWatch({ control, name: `portador.enderecos.${index}.enderecocorrespondencia` });
  const name = `portador.enderecos.${index}.enderecocorrespondencia`;
  return (
    <FormControlLabel
      label={t('creditApplication.fields.enderecocorrespondencia')}
      control={
        <Radio
          checked={checked}
          onChange={() => onChoose(index)}
          slotProps={{
            input: {
              id: fieldId(name),
              name,
              'aria-describedby': `${fieldId('portador.enderecos')}-error`,
            },
          }}
        />
      }
    />
  );
}

const AddressRow = memo(function AddressRow({
  index,
  onRemove,
  onChooseMailing,
}: {
  index: number;
  onRemove: ((index: number) => void) | null;
  onChooseMailing: (index: number) => void;
}) {
  const { t } = useTranslation();
  const options = useDomainOptions();
  const at = `portador.enderecos.${index}`;
  const number = index + 1;
  const f = (
    key:
      | 'cep'
      | 'logradouro'
      | 'numero'
      | 'complemento'
      | 'bairro'
      | 'cidade'
      | 'uf'
      | 'pais'
      | 'tipoendereco'
      | 'pontoreferencia',
  ) => t(`creditApplication.fields.${key}`);
  return (
    <RowFrame
      title={t('creditApplication.rows.address', { number })}
      headingId={`${fieldId(at)}-title`}
      onRemove={onRemove ? () => onRemove(index) : null}
      removeLabel={t('creditApplication.actions.removeAddress', { number })}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 3 }}>
          <FormText name={`${at}.cep`} label={f('cep')} mask={masks.cep} required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <FormText name={`${at}.logradouro`} label={f('logradouro')} required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 2 }}>
          <FormText
            name={`${at}.numero`}
            label={f('numero')}
            required
            fullWidth
            inputProps={{ inputMode: 'numeric', maxLength: 6 }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormText
            name={`${at}.complemento`}
            label={f('complemento')}
            helperText={t('creditApplication.help.optional')}
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormText name={`${at}.bairro`} label={f('bairro')} required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormText name={`${at}.cidade`} label={f('cidade')} required fullWidth />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <FormSelect
            name={`${at}.uf`}
            label={f('uf')}
            options={ufOptions}
            placeholder={t('creditApplication.help.choose')}
            required
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <FormText name={`${at}.pais`} label={f('pais')} required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <FormSelect
            name={`${at}.tipoendereco`}
            label={f('tipoendereco')}
            options={options.tipoendereco}
            required
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormText
            name={`${at}.pontoreferencia`}
            label={f('pontoreferencia')}
            helperText={t('creditApplication.help.optional')}
            fullWidth
          />
        </Grid>
        <Grid size={12}>
          <MailingChoice index={index} onChoose={onChooseMailing} />
        </Grid>
      </Grid>
    </RowFrame>
  );
});

export function AddressesStep() {
  const { t } = useTranslation();
  const { domains } = useRuntimeConfig();
  const { control, getValues, setValue, trigger, formState } = useFormContext<ApplicationFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'portador.enderecos' });
  const addRef = useRef<HTMLButtonElement>(null);
  const { announce, region } = useAnnouncer();
  // One mailing address across the list: choosing one unticks the others.
  const chooseMailing = (chosen: number) => {
    getValues('portador.enderecos').forEach((address, index) => {
      if (address.enderecocorrespondencia !== (index === chosen))
        setValue(`portador.enderecos.${index}.enderecocorrespondencia`, index === chosen, {
          shouldDirty: true,
        });
    });
    if (get(formState.errors, 'portador.enderecos.root')) void trigger('portador.enderecos');
  };
  const removeRow = (index: number) => {
    const wasMailing = getValues(`portador.enderecos.${index}.enderecocorrespondencia`);
    remove(index);
    // The mailing address removed: the first one left takes its place, so there is always one.
    if (wasMailing && getValues('portador.enderecos').length > 0)
      setValue('portador.enderecos.0.enderecocorrespondencia', true, { shouldDirty: true });
    announce(
      t('creditApplication.rows.removed', {
        item: t('creditApplication.rows.address', { number: index + 1 }),
      }),
    );
    addRef.current?.focus();
  };
  return (
    <Stack spacing={2}>
      {fields.map((field, index) => (
        <AddressRow
          key={field.id}
          index={index}
          onRemove={fields.length > 1 ? removeRow : null}
          onChooseMailing={chooseMailing}
        />
      ))}
      <ArrayRootError name="portador.enderecos" />
      <AddRow
        buttonRef={addRef}
        label={t('creditApplication.actions.addAddress')}
        count={fields.length}
        max={MAX_ADDRESSES}
        onAdd={() => {
          append(emptyAddress(domains, fields.length === 0));
          announce(
            t('creditApplication.rows.added', {
              item: t('creditApplication.rows.address', { number: fields.length + 1 }),
            }),
          );
        }}
      />
      {region}
    </Stack>
  );
}

export function AdditionalCardsStep() {
  const { t } = useTranslation();
  const { additionalCardFields } = useRuntimeConfig();
  const { control } = useFormContext<ApplicationFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'portador.cartoesadicionais' });
  const addRef = useRef<HTMLButtonElement>(null);
  const { announce, region } = useAnnouncer();
  return (
    <Stack spacing={2}>
      {fields.length === 0 ? <Alert severity="info">{t('creditApplication.rows.noCards')}</Alert> : null}
      {fields.map((field, index) => {
        const at = `portador.cartoesadicionais.${index}`;
        const number = index + 1;
        return (
          <RowFrame
            key={field.id}
            title={t('creditApplication.rows.card', { number })}
            headingId={`${fieldId(at)}-title`}
            removeLabel={t('creditApplication.actions.removeCard', { number })}
            onRemove={() => {
              remove(index);
              announce(
                t('creditApplication.rows.removed', { item: t('creditApplication.rows.card', { number }) }),
              );
              addRef.current?.focus();
            }}
          >
            {additionalCardFields.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('creditApplication.rows.cardNoFields')}
              </Typography>
            ) : (
              <Grid container spacing={2}>
                {additionalCardFields.map((name) => (
                  <Grid key={name} size={{ xs: 12, md: 6 }}>
                    <FormText name={`${at}.${name}`} label={name} required fullWidth />
                  </Grid>
                ))}
              </Grid>
            )}
          </RowFrame>
        );
      })}
      <AddRow
        buttonRef={addRef}
        label={t('creditApplication.actions.addCard')}
        count={fields.length}
        max={MAX_ADDITIONAL_CARDS}
        onAdd={() => {
          append(emptyAdditionalCard(additionalCardFields), { shouldFocus: additionalCardFields.length > 0 });
          announce(
            t('creditApplication.rows.added', {
              item: t('creditApplication.rows.card', { number: fields.length + 1 }),
            }),
          );
        }}
      />
      {region}
    </Stack>
  );
}
