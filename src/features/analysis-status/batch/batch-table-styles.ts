import type { Theme } from '@mui/material/styles';
import { plainBodyCellStyles } from '@/components/table-region';

/** Every row has the same height on a wide screen, so the virtualizer needs no measuring there. */
export const ROW_HEIGHT = 44;

/**
 * Body rows in plain elements, styled once for the table (as the accounts table does: a per-row MUI
 * component costs a style resolution for each row a scroll step or a new answer mounts).
 */
export function bodyStyles(theme: Theme) {
  const palette = (theme.vars ?? theme).palette;
  const pill = (background: string, color: string) => ({ backgroundColor: background, color });
  return {
    '& tr.data-row': { height: ROW_HEIGHT, '&:hover': { backgroundColor: palette.action.hover } },
    ...plainBodyCellStyles(theme, '0 12px'),
    '& .mono': { fontFamily: 'monospace', fontSize: '0.9rem' },
    '& .muted': { color: palette.text.secondary },
    '& .status-pill': {
      display: 'inline-block',
      maxWidth: '100%',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'middle',
      padding: '3px 10px',
      borderRadius: 16,
      fontSize: theme.typography.pxToRem(13),
      lineHeight: 1.4,
    },
    '& .tone-info': pill(palette.info.main, palette.info.contrastText),
    '& .tone-success': pill(palette.success.main, palette.success.contrastText),
    '& .tone-warning': pill(palette.warning.main, palette.warning.contrastText),
    '& .tone-error': pill(palette.error.main, palette.error.contrastText),
    '& .tone-neutral': pill(palette.action.selected, palette.text.primary),
    '& .tone-outlined': { border: `1px solid ${palette.divider}`, padding: '2px 9px' },
    '& a.open-link': {
      color: palette.primary.main,
      fontWeight: 500,
      textDecoration: 'underline',
      '&:focus-visible': { outline: `3px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
  } as const;
}

/**
 * On a phone (below 600 px) the six columns do not fit side by side (940 px): each row becomes a block of
 * three lines (line, CPF and "Abrir"; the status, whole, and the code; the notes, wrapped), the headers a
 * line of sort controls. Display changes drop a table's semantics in some browsers, so the rows and cells
 * then carry their roles explicitly (RowView).
 */
export function phoneStyles(theme: Theme) {
  const palette = (theme.vars ?? theme).palette;
  return {
    display: 'block',
    width: '100%',
    minWidth: 0,
    '& thead, & tbody': { display: 'block' },
    '& thead': {
      position: 'sticky',
      top: 0,
      zIndex: 2,
      backgroundColor: palette.background.paper,
      borderBottom: `1px solid ${palette.divider}`,
    },
    '& thead tr': { display: 'flex', flexWrap: 'wrap', columnGap: '4px', padding: '4px 8px' },
    '& thead th': {
      display: 'block',
      position: 'static',
      width: 'auto',
      minWidth: 0,
      border: 0,
      padding: '4px',
      backgroundColor: 'transparent',
    },
    '& thead th.wide-only': { display: 'none' },
    '& tr.data-row': {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      gridTemplateAreas: '"line cpf open" "status status code" "notes notes notes"',
      columnGap: '12px',
      rowGap: '6px',
      alignItems: 'center',
      height: 'auto',
      padding: '10px 12px',
      borderBottom: `1px solid ${palette.divider}`,
    },
    '& tr.data-row > td, & tr.data-row > th': { display: 'block', border: 0, padding: 0 },
    '& .c-line': { gridArea: 'line' },
    '& .c-cpf': { gridArea: 'cpf' },
    '& .c-open': { gridArea: 'open', justifySelf: 'end' },
    '& .c-status': { gridArea: 'status', overflow: 'visible' },
    '& .c-status .status-pill': { whiteSpace: 'normal' },
    '& .c-code': { gridArea: 'code', justifySelf: 'end' },
    '& tr.data-row > td.c-notes': { gridArea: 'notes', whiteSpace: 'normal', overflowWrap: 'anywhere' },
    '& tr.data-row > td.c-notes:empty': { display: 'none' },
    '& tr.spacer-row': { display: 'block' },
  } as const;
}
