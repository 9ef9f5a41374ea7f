import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput } from './text-input';

interface SearchFieldProps {
  label: string;
  /** What the search looks in, e.g. "Código, nome ou anuidade". */
  help: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above a list (products, accounts): a labelled `searchbox` that filters as one types. */
export function SearchField({ label, help, value, onChange }: SearchFieldProps) {
  return (
    <TextInput
      label={label}
      helperText={help}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      type="search"
      size="small"
      sx={{ width: { xs: '100%', sm: 360 } }}
      autoComplete="off"
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
    />
  );
}
