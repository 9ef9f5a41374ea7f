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
import type { RemoteUnsentWork } from '../unsent-work-broadcast';

/**
 * "Sair" with work that lives only in a tab (an unsent application, a running batch, card operations
 * not exported), in this one or in another tab of this browser (signing out signs every tab out): what
 * would be erased and where, the way out where there is one here (download the journal; another tab's
 * is exported in that tab), staying as the default, and signing out only on an explicit choice.
 */
export function SignOutDialog({
  initial,
  others = [],
  onStay,
  onSignOut,
}: {
  initial: readonly UnsentWork[];
  /** What the other tabs said they would lose. */
  others?: readonly RemoteUnsentWork[];
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
  const describeOther = (item: RemoteUnsentWork) => {
    switch (item.kind) {
      case 'draft':
        return t('signOutDialog.otherTabs.draft');
      case 'batch':
        return t('signOutDialog.otherTabs.batch', { done: item.done, total: item.total });
      case 'journal':
        return t('signOutDialog.otherTabs.journal', { count: item.count });
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
      <DialogTitle id={`${id}-title`}>
        {others.length > 0 ? t('signOutDialog.titleEveryTab') : t('signOutDialog.title')}
      </DialogTitle>
      <DialogContent id={`${id}-body`}>
        {work.length > 0 ? (
          <>
            <DialogContentText>{t('signOutDialog.intro')}</DialogContentText>
            <ul>
              {work.map((item) => (
                <li key={item.kind}>
                  <DialogContentText component="span">{describe(item)}</DialogContentText>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {others.length > 0 ? (
          <>
            <DialogContentText>{t('signOutDialog.otherTabs.intro')}</DialogContentText>
            <ul aria-label={t('signOutDialog.otherTabs.list')}>
              {others.map((item, index) => (
                <li key={`${item.kind}:${index}`}>
                  <DialogContentText component="span">{describeOther(item)}</DialogContentText>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {work.length === 0 && others.length === 0 ? (
          <DialogContentText>{t('signOutDialog.nothingLeft')}</DialogContentText>
        ) : null}
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
