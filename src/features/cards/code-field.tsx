import type { Ref } from 'react';
import { TextInput } from '@/components/text-input';

export interface CodeFieldProps {
  label: string;
  helperText: string;
  errorText: string | null | undefined;
  value: string;
  onChange: (value: string) => void;
  name: string;
  inputRef: Ref<HTMLInputElement>;
}

/** The typed code of a card operation (a card's or an account's): digits, small, one width on every screen. */
export function CodeField({ onChange, ...props }: CodeFieldProps) {
  return (
    <TextInput
      {...props}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="off"
      inputProps={{ inputMode: 'numeric' }}
      size="small"
      sx={{ width: { xs: '100%', sm: 260 } }}
    />
  );
}
