import { branchKind } from './branch';
import { cepKind } from './cep';
import { choiceKind } from './choice';
import { cpfKind } from './cpf';
import { dateKind } from './date';
import { emailKind } from './email';
import { exclusiveFlagKind } from './flag';
import type { DisplayContext, FieldInputProps, FieldKind, FieldMeta, KindName, MetaByKind } from './kind';
import { moneyKind } from './money';
import { phoneKind } from './phone';
import { printedNameKind } from './printed-name';
import { productKind } from './product';
import { streetNumberKind } from './street-number';
import { textKind } from './text';
import { upperKind } from './upper';

/**
 * The field-kind registry: each kind's input and display by its name. A new kind is a module in
 * field-kinds/ (builder, `<Kind>Meta` with its entry in kind.ts's `MetaByKind`, `<kind>Kind`) and one line
 * in the list below; the compiler checks that the list has every kind of `MetaByKind`.
 */
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
