import * as z from 'zod/mini';
import { useRef, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useRuntimeConfig } from '@/config/config-context';
import { foreignPrintedWord, isValidPrintedName, toPrintedTyping } from '@/lib/printed-name';
import { useCreditApplicationTranslation } from '../texts';
import { FormText, useTextValues } from './form-text';
import { asTyped, checked, clean, describe } from './kind';
import type { ErrorCode, FieldInputProps, FieldKind, FieldOptions, KindMeta, RuleContext } from './kind';
import type { TextMeta } from './text';

/**
 * The name embossed on the card: upper-case A–Z (and apostrophes) within the embosser's length, counted
 * live under the field ("27 de 26") and refused when too long, never cut. Accents go and letters rise as
 * they are typed. While it holds what the full name suggests, it says so, and a focus (Tab or a click
 * anywhere in it) selects the whole suggestion, so that typing replaces it instead of adding to it.
 */
export type PrintedNameMeta = KindMeta<'printedName'>;
declare module './kind' {
  interface MetaByKind {
    printedName: PrintedNameMeta;
  }
}

/** The field beside `name` that suggests it (the full name), and how it suggests. */
function useSource({ name, siblings }: FieldInputProps<PrintedNameMeta>) {
  const own = siblings.find((entry) => entry.path === name)?.schema;
  const source = siblings.find(
    (entry): entry is typeof entry & { field: TextMeta } =>
      entry.field.kind === 'text' && own !== undefined && entry.field.fills?.field === own,
  );
  return source ? { path: source.path, suggest: source.field.fills?.suggest } : null;
}

function PrintedNameField(props: FieldInputProps<PrintedNameMeta>) {
  const { name, meta } = props;
  const { t } = useCreditApplicationTranslation();
  const { printedNameMaxLength: max } = useRuntimeConfig();
  const { read, write } = useTextValues();
  const source = useSource(props);
  const value: unknown = useWatch({ name });
  const count = typeof value === 'string' ? value.trim().length : 0;
  // Whether the field holds the full name's suggestion (re-renders when that changes, not per key).
  const suggested = useWatch({
    name: [source?.path ?? name, name],
    compute: ([full, printed]: unknown[]) =>
      typeof full === 'string' &&
      typeof printed === 'string' &&
      printed !== '' &&
      source?.suggest?.(full) === printed,
  });
  // A click that focuses the field selects the suggestion on mouseup, after the browser has placed the
  // caret where the click was (which would undo a selection made on focus).
  const selectOnMouseUp = useRef(false);

  const retype = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const input = event.target;
    const typed = input.value;
    const shown = toPrintedTyping(typed);
    if (shown !== typed) {
      const caret = input.selectionEnd ?? typed.length;
      const at = toPrintedTyping(typed.slice(0, caret)).length;
      input.value = shown;
      input.setSelectionRange(at, at);
    }
    return false;
  };
  const tidy = () => {
    // After an input method composed a letter (the change skipped it) or anything the keys did not pass.
    const typed = read(name);
    const shown = toPrintedTyping(typed);
    if (typed !== shown) write(name, shown, true);
  };
  const help = suggested
    ? t('creditApplication.help.printedNameSuggested')
    : t('creditApplication.help.printedName');
  return (
    <FormText
      name={name}
      meta={meta}
      helperText={`${help} · ${t('creditApplication.help.count', { count, max })}`}
      onBeforeChange={(event) => {
        selectOnMouseUp.current = false;
        // Mid-composition (a dead key, an input method) the text is left alone until it ends.
        if ('isComposing' in event.nativeEvent && event.nativeEvent.isComposing === true) return false;
        return retype(event);
      }}
      onCompositionEnd={tidy}
      onFocus={(event) => {
        if (!suggested) return;
        event.target.select();
        selectOnMouseUp.current = true;
      }}
      onMouseUp={(event) => {
        if (!selectOnMouseUp.current) return;
        selectOnMouseUp.current = false;
        event.preventDefault();
        if (event.target instanceof HTMLInputElement) event.target.select();
      }}
      onKeyDown={() => {
        selectOnMouseUp.current = false;
      }}
      onAfterBlur={() => {
        selectOnMouseUp.current = false;
        tidy();
      }}
    />
  );
}

export const printedNameKind: FieldKind<PrintedNameMeta> = {
  Input: PrintedNameField,
  display: (value) => asTyped(value).toUpperCase(),
};

/**
 * What may be printed at all: A–Z, spaces and apostrophes. Its words and its length are checked against
 * the full name it comes from (`printedNameAgainst`), words first: a name typed into the suggestion is
 * too long because of the foreign word, and "abbreviate the middle names" would send the operator the
 * wrong way.
 */
export function printedName(options: FieldOptions = {}) {
  const schema = z.pipe(
    checked((value) => {
      const printed = clean(value).toUpperCase();
      if (printed === '') return 'required';
      // Any length here: only the characters (the length is said after the words).
      return isValidPrintedName(printed, Math.max(printed.length, 1)) ? null : 'printedName';
    }),
    z.transform((value) => clean(value).toUpperCase()),
  );
  return describe(schema, { kind: 'printedName', md: 6, ...options });
}

/**
 * The printed name against the full name that suggests it (`fills.check` of the full name): each word is
 * one of the full name's words or its initial, then it fits the card.
 */
export function printedNameAgainst(ctx: RuleContext) {
  return (fullName: string, printed: string): ErrorCode | null => {
    const value = clean(printed).toUpperCase();
    if (foreignPrintedWord(value, fullName) !== null) return 'printedNameWords';
    return value.length > ctx.printedNameMaxLength ? 'printedNameLength' : null;
  };
}
