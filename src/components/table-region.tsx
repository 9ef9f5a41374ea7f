import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode, Ref } from 'react';

interface TableRegionProps {
  /** The scroll container (a callback ref, so that a virtualizer can wait for it). */
  ref: Ref<HTMLDivElement>;
  /** Names the region for screen readers (the same name as its table). */
  label: string;
  sx: SxProps<Theme>;
  children: ReactNode;
}

/**
 * The scrolling box of a long table: focusable so that the keyboard can scroll it, and a named region so
 * that a screen reader can find it.
 */
export function TableRegion({ ref, label, sx, children }: TableRegionProps) {
  return (
    <TableContainer
      ref={ref}
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={sx}
    >
      {children}
    </TableContainer>
  );
}

/**
 * A body row that stands for `height` px of rows not rendered (above or below the ones in view), hidden
 * from screen readers: `aria-rowcount` and `aria-rowindex` say where the rendered rows are.
 */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" className="spacer-row" style={{ height }}>
      <td colSpan={columns} />
    </tr>
  );
}

/**
 * The look of MUI's small body TableCell over plain `tr.data-row` cells (`td`, `th`), set once by their
 * table: a per-row MUI component or `sx` costs a style resolution for each of the dozens of rows a sort
 * or a scroll step mounts. With the spacer rows' reset.
 */
export function plainBodyCellStyles(theme: Theme, cellPadding: string) {
  const palette = (theme.vars ?? theme).palette;
  return {
    '& tr.data-row > td, & tr.data-row > th': {
      ...theme.typography.body2,
      color: palette.text.primary,
      // TableCell's own border colour, in each scheme (the app's themes all have CSS variables).
      borderBottom: `1px solid ${theme.vars ? theme.vars.palette.TableCell.border : palette.divider}`,
      textAlign: 'left',
      padding: cellPadding,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      fontVariantNumeric: 'tabular-nums',
    },
    '& tr.spacer-row > td': { padding: 0, border: 0 },
  } as const;
}
