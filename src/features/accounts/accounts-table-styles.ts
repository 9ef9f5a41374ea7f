import type { Theme } from '@mui/material/styles';
import { plainBodyCellStyles } from '@/components/table-region';

/** Every row has the same height, so the rows in view follow from the scroll position alone. */
export const ROW_HEIGHT = 44;

/**
 * The body rows' styles, set once for the table: MUI's small body TableCell, hover TableRow and small
 * text Button with a start icon, over the plain elements of account-row.tsx (a per-row MUI component or
 * `sx` costs a style resolution for each of the dozens of rows a sort or a scroll step mounts).
 */
export function bodyRowStyles(theme: Theme) {
  const palette = (theme.vars ?? theme).palette;
  return {
    '& tr.data-row': {
      height: ROW_HEIGHT,
      color: 'inherit',
      verticalAlign: 'middle',
      '&:hover': { backgroundColor: palette.action.hover },
    },
    ...plainBodyCellStyles(theme, '0 16px'),
    '& tr.data-row > .money': { textAlign: 'right' },
    '& tr.data-row > .negative': { color: palette.error.main, fontWeight: 600 },
    '& tr.data-row > .row-action': {
      textAlign: 'right',
      padding: '0 8px',
      backgroundColor: palette.background.paper,
      zIndex: 1,
      [theme.breakpoints.up('lg')]: { position: 'sticky', right: 0 },
    },
    // An account that cannot get a virtual card says so, and why on a click (a toast) or a hover.
    '& .row-action > button.row-reason': {
      ...theme.typography.body2,
      color: palette.text.secondary,
      textDecoration: 'underline dotted',
      textTransform: 'none',
      whiteSpace: 'nowrap',
    },
    [theme.breakpoints.down('sm')]: {
      '& .row-action > button > .label': { display: 'none' },
      '& .row-action > button > svg': { marginRight: 0, marginLeft: 0 },
      '& .row-action > button': { minWidth: 40 },
    },
    '& .row-action > button': {
      ...theme.typography.button,
      fontSize: theme.typography.pxToRem(13),
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      verticalAlign: 'middle',
      minWidth: 64,
      padding: '4px 5px',
      margin: 0,
      border: 0,
      borderRadius: `${theme.shape.borderRadius}px`,
      backgroundColor: 'transparent',
      color: palette.primary.main,
      cursor: 'pointer',
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.short,
      }),
      '&:hover': { backgroundColor: theme.alpha(palette.primary.main, palette.action.hoverOpacity) },
      // The app's focus ring (theme.ts): 3 px of the primary colour.
      '&:focus-visible': { outline: `3px solid ${palette.primary.main}`, outlineOffset: 2 },
      '& > svg': {
        width: '1em',
        height: '1em',
        fontSize: 18,
        fill: 'currentColor',
        flexShrink: 0,
        marginRight: '8px',
        marginLeft: '-2px',
      },
    },
  } as const;
}
