import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useAccountsTranslation } from './texts';
import { columnIds, type ColumnId } from './account-columns';

interface ColumnMenuProps {
  hidden: ReadonlySet<ColumnId>;
  /** Columns whose values a contradiction withholds: not shown whatever the choice, and said so. */
  withheld: ReadonlySet<ColumnId>;
  onToggle: (column: ColumnId) => void;
}

/** Show or hide columns; the trade name always stays (it names each row). */
export function ColumnMenu({ hidden, withheld, onToggle }: ColumnMenuProps) {
  const { t } = useAccountsTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('accounts.columnsButton')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('accounts.columnsMenu'), dense: true } }}
      >
        {columnIds.map((column) => {
          const visible = !hidden.has(column) && !withheld.has(column);
          return (
            <MenuItem
              key={column}
              role="menuitemcheckbox"
              aria-checked={visible}
              disabled={column === 'tradeName' || withheld.has(column)}
              onClick={() => onToggle(column)}
            >
              <ListItemIcon>
                {/* The item itself is the checkbox (menuitemcheckbox); the icon only shows its state. */}
                {visible ? (
                  <CheckBoxIcon fontSize="small" color="primary" />
                ) : (
                  <CheckBoxOutlineBlankIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText secondary={withheld.has(column) ? t('accounts.withheld.column') : undefined}>
                {t(`accounts.columns.${column}`)}
              </ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
