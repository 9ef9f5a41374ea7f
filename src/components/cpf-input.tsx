import { useMemo } from 'react';
import { formatDigits, onlyDigits } from '@/lib/digit-pattern';
import { mergeRefs } from './merge-refs';
import { TextInput, type TextInputProps } from './text-input';
import { useDigitMask } from './use-digit-mask';

export const CPF_PATTERN = '___.___.___-__';

/** `52998224725` → `529.982.247-25` (partial input formats progressively). */
export function maskCpf(value: string): string {
  return formatDigits(onlyDigits(value).slice(0, 11), CPF_PATTERN);
}

/**
 * A CPF field masked for the eye (`000.000.000-00`), numeric keypad, no autofill. Pasted values with
 * dots, dashes or spaces keep only their digits. The value it holds is the masked text: callers take
 * the digits with `cpfDigits()` (src/lib/cpf.ts) before validating or sending.
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
