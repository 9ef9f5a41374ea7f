import { useMemo } from 'react';
import { CPF_PATTERN } from '@/lib/cpf';
import { mergeRefs } from '@/lib/merge-refs';
import { TextInput, type TextInputProps } from './text-input';
import { useDigitMask } from '@/hooks/use-digit-mask';

/**
 * A CPF field masked for the eye (`000.000.000-00`), numeric keypad, no autofill. Pasted values with
 * dots, dashes or spaces keep only their digits. The value it holds is the masked text: callers take
 * the digits with `onlyDigits()` (src/lib/digit-pattern.ts) before validating or sending.
 */
export function CpfInput({ inputRef, inputProps, onChange, ...props }: Omit<TextInputProps, 'type'>) {
  const mask = useDigitMask(CPF_PATTERN);
  const ref = useMemo(() => mergeRefs(mask.attach, inputRef), [mask.attach, inputRef]);
  return (
    <TextInput
      {...props}
      inputRef={ref}
      onChange={(event) => {
        mask.onChange(event);
        onChange?.(event);
      }}
      autoComplete="off"
      inputProps={{ inputMode: 'numeric', spellCheck: false, ...inputProps }}
    />
  );
}
