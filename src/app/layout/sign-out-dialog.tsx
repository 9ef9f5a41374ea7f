import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useSignOutDialogTranslation } from './sign-out-dialog-texts';
import { usePhoneLayout } from '@/hooks/use-phone-layout';
import { unsentWork, type UnsentWork } from '@/lib/unsent-work';

/**
 * "Sair" with work that lives only in this tab (an unsent application, a running batch, card operations
 * not exported): what would be erased, the way out where there is one (download the journal), staying
 * as the default, and signing out only on an explicit choice.
 */
export function SignOutDialog({
  initial,
  onStay,
  onSignOut,
}: {
  initial: readonly UnsentWork[];
  onStay: () => void;
  onSignOut: () => void;
}) {
  const { t } = useSignOutDialogTranslation();
  const id = useId();
  const phone = usePhoneLayout();
  // Read again after a download: the journal leaves the list once it is in a file.
  const [work, setWork] = useState(initial);
  const journal = work.find((item) => item.kind === 'journal');

  const describe = (item: UnsentWork) => {
    switch (item.kind) {
      case 'draft':
        return t('signOutDialog.draft');
      case 'batch':
        return t('signOutDialog.batch', { done: item.done, total: item.total });
      case 'journal':
        return t('signOutDialog.journal', { count: item.count });
    }
  };

  return (
    <Dialog
      open
      onClose={onStay}
      fullScreen={phone}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
    >
      <DialogTitle id={`${id}-title`}>{t('signOutDialog.title')}</DialogTitle>
      <DialogContent id={`${id}-body`}>
        <DialogContentText>{t('signOutDialog.intro')}</DialogContentText>
        <ul>
          {work.map((item) => (
            <li key={item.kind}>
              <DialogContentText component="span">{describe(item)}</DialogContentText>
            </li>
          ))}
        </ul>
        {work.length === 0 ? <DialogContentText>{t('signOutDialog.nothingLeft')}</DialogContentText> : null}
      </DialogContent>
      <DialogActions disableSpacing sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
        <Button color="error" onClick={onSignOut}>
          {t('signOutDialog.leave')}
        </Button>
        {journal?.kind === 'journal' ? (
          <Button
            onClick={() => {
              journal.save();
              setWork(unsentWork());
            }}
          >
            {t('signOutDialog.exportJournal')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onStay} autoFocus>
          {t('signOutDialog.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
