import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import InventoryIcon from '@mui/icons-material/Inventory2';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Paper from '@mui/material/Paper';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import type { MouseEvent, ReactNode } from 'react';
import { printClasses } from '@/components/print';
import { useNavTranslation } from './nav-texts';
import { NavLink, useLocation } from 'react-router';
import { navigationScreens, screenOf, type NavigationScreen } from '../screens';

/** Each listed screen's icon (screens.ts lists them; the compiler holds this table to that list). */
const icons = {
  products: <InventoryIcon />,
  newApplication: <NoteAddIcon />,
  analysisStatus: <ManageSearchIcon />,
  cards: <CreditCardIcon />,
  accounts: <AccountBalanceIcon />,
} satisfies Record<NavigationScreen, ReactNode>;

export const DRAWER_WIDTH = 232;

/**
 * The links of the main navigation. `onNavigate` (the temporary drawer) is told of a choice and may take
 * the navigation over (`event.preventDefault()`), to make it once the drawer has gone.
 */
export function NavList({
  onNavigate,
}: {
  onNavigate?: (event: MouseEvent<HTMLAnchorElement>, path: string) => void;
}) {
  const { t } = useNavTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('app.navigationLabel')}>
      <List>
        {navigationScreens.map((name) => {
          const { path } = screenOf(name);
          const current = pathname === path || pathname.startsWith(`${path}/`);
          return (
            <ListItem key={path} disablePadding>
              <ListItemButton
                component={NavLink}
                to={path}
                selected={current}
                aria-current={current ? 'page' : undefined}
                onClick={(event: MouseEvent<HTMLAnchorElement>) => onNavigate?.(event, path)}
              >
                <ListItemIcon>{icons[name]}</ListItemIcon>
                <ListItemText primary={t(`nav.${name}`)} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}

/**
 * The permanent navigation drawer, from MUI's `md` breakpoint up (below it, `MobileNavDrawer`). A fixed
 * Paper rather than MUI's Drawer, which always bundles Modal and transitions a permanent drawer never uses.
 */
export function NavDrawer() {
  return (
    <Paper
      square
      elevation={0}
      className={printClasses.hidden}
      sx={{
        width: DRAWER_WIDTH,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflowY: 'auto',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar />
      <NavList />
    </Paper>
  );
}
