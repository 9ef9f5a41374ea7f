import { useQuery } from '@tanstack/react-query';
import { productQueries } from '@/api/products';
import { useRuntimeConfig } from '@/config/config-context';
import { localizeLabel } from '@/config/config-label';
import type { RuntimeConfig } from '@/config/config-schema';
import { useServices } from '@/hooks/services-context';
import { formatCep, formatPhoneNumber } from '@/lib/brazil';
import { formatCpf } from '@/lib/cpf';
import { onlyDigits } from '@/lib/digit-pattern';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money';
import { fieldLabel, ownLabel, type Path } from '../fields/form-fields';
import {
  stepOrder,
  type AddressInput,
  type ApplicationInput,
  type FormStepKey,
  type PhoneInput,
  type StepSlug,
} from '../schema';
import { DUE_DAYS, UF_OPTIONS, type Option } from '../rules';
import { useCreditApplicationTranslation, type TFunction } from '../texts';

/**
 * What the review shows, step by step: label–value rows, each value as the operator reads it (masks,
 * option labels, amounts, product names), each phone and address as its lines. Pure, so that the printed
 * summary lays out the same rows and a closed row's line reads the same way.
 */

export interface ReviewRow {
  label: string;
  /** One or more lines ("" when the field was left blank). */
  lines: string[];
}

export interface ReviewSection {
  step: FormStepKey;
  slug: StepSlug;
  rows: ReviewRow[];
}

/** What a display needs besides the values: texts, the language, config's lists, the product names. */
export interface DisplayContext {
  t: TFunction;
  language: string;
  domains: RuntimeConfig['domains'];
  additionalCardFields: readonly string[];
  productName: (code: string) => string | undefined;
}

const digitsShown = (value: string, length: number, format: (digits: string) => string) =>
  onlyDigits(value).length === length ? format(value) : value;
export const cpfShown = (value: string) => digitsShown(value, 11, formatCpf);

function optionShown(options: readonly Option[], value: string, language: string) {
  const found = options.find((option) => option.value === value);
  return found ? localizeLabel(found.label, language) : value;
}

/** A phone in one line: "Celular: (11) 98765-4321". */
export function phoneLine(phone: PhoneInput, c: DisplayContext): string {
  const digits = onlyDigits(phone.numerodotelefone);
  const number =
    digits.length === 8 || digits.length === 9 ? formatPhoneNumber(digits) : phone.numerodotelefone;
  return `${optionShown(c.domains.tipotelefone, phone.tipotelefone, c.language)}: (${phone.numerododdd.trim()}) ${number}`;
}

/** An address in its lines: street and number, district and city, type (and whether it is the mailing one). */
export function addressLines(address: AddressInput, c: DisplayContext, withMailing = true): string[] {
  const { complemento, pontoreferencia } = address;
  return [
    `${address.logradouro}, ${address.numero.trim()}${complemento ? ` – ${complemento}` : ''}`,
    `${address.bairro}, ${address.cidade} – ${address.uf}, ${digitsShown(address.cep, 8, formatCep)}, ${address.pais}`,
    `${optionShown(c.domains.tipoendereco, address.tipoendereco, c.language)}${pontoreferencia ? ` · ${pontoreferencia}` : ''}`,
    ...(withMailing && address.enderecocorrespondencia
      ? [c.t('creditApplication.fields.enderecocorrespondencia')]
      : []),
  ];
}

/** An additional card's lines: its config fields, or that the issuer completes it. */
export function cardLines(card: Readonly<Record<string, string>>, c: DisplayContext): string[] {
  if (c.additionalCardFields.length === 0) return [c.t('creditApplication.review.additionalCardEmpty')];
  return c.additionalCardFields.map((key) => `${ownLabel(key, c.t)}: ${card[key] ?? ''}`);
}

/** Every value of the application, grouped by step, as the review (and the printed summary) shows it. */
export function reviewSections(values: ApplicationInput, c: DisplayContext): ReviewSection[] {
  const { t, language, domains } = c;
  const p = values.portador;
  const row = (path: Path, value: string): ReviewRow => ({ label: fieldLabel(path, t), lines: [value] });
  const choice = (options: readonly Option[], value: string) => optionShown(options, value, language);
  const list = <Item>(path: Path, items: readonly Item[], lines: (item: Item) => string[]): ReviewRow[] =>
    items.length === 0
      ? [{ label: fieldLabel(path, t), lines: [t('creditApplication.review.none')] }]
      : items.map((item, index) => ({ label: fieldLabel(`${path}.${index}`, t), lines: lines(item) }));
  const product = values.codigodoproduto;
  const productName = c.productName(product);
  const cents = parseMoneyInput(p.valorrenda);
  const profession = domains.profissoes.find((entry) => String(entry.code) === p.codigodaprofissao);
  const rows: Record<FormStepKey, ReviewRow[]> = {
    product: [
      row('codigodoproduto', productName ? `${product} · ${productName}` : product),
      row('cartaodecredito.diadovencimento', choice(DUE_DAYS, values.cartaodecredito.diadovencimento)),
    ],
    personal: [
      row('portador.cpf', cpfShown(p.cpf)),
      row('portador.nome', p.nome),
      row('portador.nomedamae', p.nomedamae),
      row('portador.datadenascimento', p.datadenascimento),
      row('portador.sexo', choice(domains.sexo, p.sexo)),
      row('portador.estadocivil', choice(domains.estadocivil, p.estadocivil)),
      row('portador.email', p.email.trim()),
      row('portador.nomeimpresso', p.nomeimpresso.toUpperCase()),
      row('portador.siglanacionalidade', p.siglanacionalidade.toUpperCase()),
    ],
    document: [
      row('portador.numerodaidentidade', p.numerodaidentidade),
      row('portador.orgaoexpedidordaidentidade', p.orgaoexpedidordaidentidade.toUpperCase()),
      row('portador.unidadefederativadaidentidade', choice(UF_OPTIONS, p.unidadefederativadaidentidade)),
      row('portador.datadeemissaodaidentidade', p.datadeemissaodaidentidade),
    ],
    income: [
      row(
        'portador.codigodaprofissao',
        profession ? localizeLabel(profession.label, language) : p.codigodaprofissao,
      ),
      row('portador.nomeempresa', p.nomeempresa),
      row('portador.valorrenda', cents === null ? p.valorrenda : formatMoneyInput(cents)),
      row('portador.numerodaagencia', p.numerodaagencia),
      row('portador.numerodacontacorrente', p.numerodacontacorrente),
    ],
    phones: list('portador.telefones', p.telefones, (phone) => [phoneLine(phone, c)]),
    addresses: list('portador.enderecos', p.enderecos, (address) => addressLines(address, c)),
    additionalCards: list('portador.cartoesadicionais', p.cartoesadicionais, (card) => cardLines(card, c)),
  };
  return stepOrder.flatMap(({ key, slug }) =>
    key === 'review' ? [] : [{ step: key, slug, rows: rows[key] }],
  );
}

/** What the displays need: the language, its texts, config's lists and the provider's product names. */
export function useDisplayContext(): DisplayContext {
  const { t, i18n } = useCreditApplicationTranslation();
  const { domains, additionalCardFields } = useRuntimeConfig();
  const { http } = useServices();
  const products = useQuery(productQueries.list(http));
  return {
    t,
    language: i18n.language,
    domains,
    additionalCardFields,
    productName: (code) => products.data?.find((product) => product.codigo === code)?.nome,
  };
}
