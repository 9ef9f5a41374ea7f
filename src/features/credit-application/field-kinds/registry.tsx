import { branchKind, type BranchMeta } from './branch';
import { cepKind, type CepMeta } from './cep';
import { choiceKind, type ChoiceMeta } from './choice';
import { cpfKind, type CpfMeta } from './cpf';
import { dateKind, type DateMeta } from './date';
import { emailKind, type EmailMeta } from './email';
import { exclusiveFlagKind, type ExclusiveFlagMeta } from './flag';
import type { DisplayContext, FieldInputProps, FieldKind } from './kind';
import { moneyKind, type MoneyMeta } from './money';
import { phoneKind, type PhoneMeta } from './phone';
import { printedNameKind, type PrintedNameMeta } from './printed-name';
import { productKind, type ProductMeta } from './product';
import { streetNumberKind, type StreetNumberMeta } from './street-number';
import { textKind, type TextMeta } from './text';
import { upperKind, type UpperMeta } from './upper';

/**
 * The field-kind registry: each kind's name, the meta its builder registers, and its input and display.
 * A new kind is a module in field-kinds/ (builder, `<Kind>Meta`, `<kind>Kind`) and one line in each of
 * the two lists below; the compiler checks that they agree.
 */
interface MetaByKind {
  text: TextMeta;
  upper: UpperMeta;
  printedName: PrintedNameMeta;
  cpf: CpfMeta;
  date: DateMeta;
  money: MoneyMeta;
  branch: BranchMeta;
  email: EmailMeta;
  phone: PhoneMeta;
  cep: CepMeta;
  streetNumber: StreetNumberMeta;
  choice: ChoiceMeta;
  product: ProductMeta;
  exclusiveFlag: ExclusiveFlagMeta;
}

type KindName = keyof MetaByKind;

/** A field's meta, whatever its kind (its `kind` says which). */
export type FieldMeta = MetaByKind[KindName];

const fieldKinds: { [Kind in KindName]: FieldKind<MetaByKind[Kind]> } = {
  text: textKind,
  upper: upperKind,
  printedName: printedNameKind,
  cpf: cpfKind,
  date: dateKind,
  money: moneyKind,
  branch: branchKind,
  email: emailKind,
  phone: phoneKind,
  cep: cepKind,
  streetNumber: streetNumberKind,
  choice: choiceKind,
  product: productKind,
  exclusiveFlag: exclusiveFlagKind,
};

/** Draws one field with its kind's input; its `name` attribute is its path in the body. */
export function FieldInput(props: FieldInputProps) {
  return inputOf(props.meta.kind, props);
}

// Generic in the kind, so that the compiler pairs each kind's input with its own meta.
function inputOf<Kind extends KindName>(kind: Kind, props: FieldInputProps<MetaByKind[Kind]>) {
  const { Input } = fieldKinds[kind];
  return <Input {...props} />;
}

/** How `value` reads on the review (and on paper), by its field's kind. */
export function display(meta: FieldMeta, value: unknown, context: DisplayContext): string {
  return displayAs(meta.kind, meta, value, context);
}

function displayAs<Kind extends KindName>(
  kind: Kind,
  meta: MetaByKind[Kind],
  value: unknown,
  context: DisplayContext,
): string {
  return fieldKinds[kind].display(value, meta, context);
}
