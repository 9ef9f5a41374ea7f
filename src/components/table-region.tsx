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
