import { useCallback } from 'react';
import {
  formatDigits,
  onlyDigits,
  patternCapacity,
  patternFor,
  positionAfterDigits,
  type DigitPattern,
} from '@/lib/digit-pattern';

/**
 * Masks an input for the eye as the operator types (CPF, CEP, phone, dates), keeping the caret where it
 * belongs. It reformats synchronously inside the native `input` event, before React's onChange reads the
 * value, so no keystroke is lost however fast the typing (mask libraries that track the caret with timers
 * drop characters typed a few milliseconds apart). Works with uncontrolled inputs (react-hook-form
 * `register`) and controlled ones. Pasted text keeps only its digits.
 *
 * Returns a ref callback for the `<input>` element.
 */
export function useDigitMask(
  pattern: DigitPattern,
): (input: HTMLInputElement | null) => (() => void) | undefined {
  return useCallback(
    (input: HTMLInputElement | null) => {
      if (!input) return undefined;
      let digitsBeforeEdit = onlyDigits(input.value);

      const rememberDigits = () => {
        digitsBeforeEdit = onlyDigits(input.value);
      };
      const reformat = (event: Event) => {
        const raw = input.value;
        const caret = input.selectionStart ?? raw.length;
        let digitsBeforeCaret = onlyDigits(raw.slice(0, caret)).length;
        let digits = onlyDigits(raw);
        // Backspace over a literal ("." or "-") removes no digit: remove the digit before it instead.
        const inputType = event instanceof InputEvent ? event.inputType : '';
        if (inputType === 'deleteContentBackward' && digits === digitsBeforeEdit && digitsBeforeCaret > 0) {
          digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
          digitsBeforeCaret -= 1;
        }
        const shape = patternFor(pattern, digits);
        digits = digits.slice(0, patternCapacity(shape));
        digitsBeforeCaret = Math.min(digitsBeforeCaret, digits.length);
        const formatted = formatDigits(digits, shape);
        if (formatted !== raw) {
          input.value = formatted;
          const position = positionAfterDigits(formatted, digitsBeforeCaret);
          if (document.activeElement === input) input.setSelectionRange(position, position);
        }
        digitsBeforeEdit = digits;
      };

      input.addEventListener('beforeinput', rememberDigits);
      input.addEventListener('input', reformat);
      return () => {
        input.removeEventListener('beforeinput', rememberDigits);
        input.removeEventListener('input', reformat);
      };
    },
    [pattern],
  );
}
