import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode, type Ref } from 'react';

export interface TextInputProps extends Omit<
  OutlinedInputProps,
  'label' | 'error' | 'id' | 'notched' | 'inputRef' | 'ref'
> {
  label: string;
  /** Help text; replaced by the error message when there is one. */
  helperText?: ReactNode;
  /** The error message, if the value is wrong. */
  errorText?: string | null;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  id?: string;
  /**
   * Keep the label above the field. For a field whose value the app may write without an input event
   * (MUI only notices an uncontrolled value on mount and on input), so the label never covers it.
   */
  shrinkLabel?: boolean;
}

/**
 * A labelled outlined text input with help or error text wired to `aria-describedby` and
 * `aria-invalid`. MUI's TextField does the same but always bundles Select, Menu and Popover;
 * this keeps the first screens light.
 */
export function TextInput({
  label,
  helperText,
  errorText,
  size = 'medium',
  fullWidth = false,
  required,
  id,
  inputRef,
  sx,
  inputProps,
  shrinkLabel,
  ...inputPropsRest
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-help`;
  const hasError = errorText != null && errorText !== '';
  const help = hasError ? errorText : helperText;
  return (
    <FormControl
      size={size}
      fullWidth={fullWidth}
      error={hasError}
      required={required}
      sx={sx}
      variant="outlined"
    >
      <InputLabel htmlFor={inputId} shrink={shrinkLabel ? true : undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={inputId}
        notched={shrinkLabel ? true : undefined}
        label={required ? `${label} *` : label}
        inputRef={inputRef}
        inputProps={{
          ...inputProps,
          'aria-describedby':
            [help ? helperId : null, inputProps?.['aria-describedby']].filter(Boolean).join(' ') || undefined,
          'aria-invalid': hasError,
        }}
        {...inputPropsRest}
      />
      {help ? <FormHelperText id={helperId}>{help}</FormHelperText> : null}
    </FormControl>
  );
}
