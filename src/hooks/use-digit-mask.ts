import { useCallback, useMemo, type ChangeEvent } from 'react';
import {
  formatDigits,
  onlyDigits,
  patternCapacity,
  patternFor,
  positionAfterDigits,
  type DigitPattern,
} from '@/lib/digit-pattern';

export interface DigitMask {
  /** A ref callback for the `<input>` element: remembers the digits before each edit. */
  attach: (input: HTMLInputElement | null) => (() => void) | undefined;
  /** Call first in the input's onChange: masks `event.target.value` in place, caret kept. */
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/**
 * Masks an input for the eye as the operator types (CPF, CEP, phone, dates), keeping the caret where it
 * belongs. It reformats synchronously in the change event, before the form reads the value, so no
 * keystroke is lost however fast the typing (mask libraries that track the caret with timers drop keys
 * typed a few milliseconds apart). Works with react-hook-form's `register` and with controlled inputs.
 * Pasted text keeps only its digits; Backspace over a literal removes the digit before it.
 */
/** The digits each masked input held before its current edit (set on `beforeinput`). */
const digitsBeforeEdit = new WeakMap<HTMLInputElement, string>();

export function useDigitMask(pattern: DigitPattern): DigitMask {
  const attach = useCallback((input: HTMLInputElement | null) => {
    if (!input) return undefined;
    const remember = () => {
      digitsBeforeEdit.set(input, onlyDigits(input.value));
    };
    input.addEventListener('beforeinput', remember);
    return () => input.removeEventListener('beforeinput', remember);
  }, []);

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement)) return;
      const native = event.nativeEvent;
      const inputType =
        typeof InputEvent !== 'undefined' && native instanceof InputEvent ? native.inputType : '';
      applyDigitMask(input, pattern, inputType, digitsBeforeEdit.get(input) ?? '');
      digitsBeforeEdit.set(input, onlyDigits(input.value));
    },
    [pattern],
  );

  return useMemo(() => ({ attach, onChange }), [attach, onChange]);
}

/** Reformats `input.value` to the pattern and puts the caret after the same digit as before. */
export function applyDigitMask(
  input: HTMLInputElement,
  pattern: DigitPattern,
  inputType: string,
  digitsBeforeEdit: string,
): void {
  const raw = input.value;
  const caret = input.selectionStart ?? raw.length;
  let digitsBeforeCaret = onlyDigits(raw.slice(0, caret)).length;
  let digits = onlyDigits(raw);
  if (inputType === 'deleteContentBackward' && digits === digitsBeforeEdit && digitsBeforeCaret > 0) {
    digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
    digitsBeforeCaret -= 1;
  }
  const shape = patternFor(pattern, digits);
  digits = digits.slice(0, patternCapacity(shape));
  digitsBeforeCaret = Math.min(digitsBeforeCaret, digits.length);
  const formatted = formatDigits(digits, shape);
  if (formatted === raw) return;
  input.value = formatted;
  if (input.ownerDocument.activeElement === input) {
    const position = positionAfterDigits(formatted, digitsBeforeCaret);
    input.setSelectionRange(position, position);
  }
}
