import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { SearchField } from './search-field';

interface ListToolbarProps {
  search: { label: string; help: string; value: string; onChange: (value: string) => void };
  /** "12 produtos", "3 de 10.000 contas"; null while the list loads. */
  count: string | null;
  /** Actions on the list, after the count (column chooser, export). */
  children?: ReactNode;
}

/**
 * The bar above a list: its search, the count of what is shown, and the list's actions. The count is a
 * status region that is in place before the list arrives, so that every change is announced.
 */
export function ListToolbar({ search, count, children }: ListToolbarProps) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <SearchField {...search} />
      {/* A line's height while the list loads, so that the count arriving moves nothing (CLS 0). */}
      <Typography
        role="status"
        color="text.secondary"
        sx={{
          pt: 1,
          flexGrow: 1,
          minHeight: (theme) => `calc(${String(theme.typography.body1.lineHeight)}em + ${theme.spacing(1)})`,
        }}
      >
        {count}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * The search of a list: what the operator types (shown at once in the field) and the deferred text the
 * list filters by, so that typing stays responsive over a long list.
 */
export function useListSearch(label: string, help: string) {
  const [value, onChange] = useState('');
  const deferred = useDeferredValue(value);
  return { field: { label, help, value, onChange }, deferred };
}
