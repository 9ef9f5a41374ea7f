import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import type { Ref, RefObject } from 'react';
import { useCreditApplicationTranslation } from '../texts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SubmitOutcome } from './submit-outcome';
import type { WizardStepsState } from '../wizard/use-wizard-steps';
import type { Schemas } from '../schema';

/** The sent application's outcome, with what can follow it: its status, a new one, print, another for the CPF. */
export function WizardSentScreen({
  schemas,
  sent,
  anotherRef,
}: {
  schemas: Schemas;
  sent: NonNullable<WizardStepsState['sent']>;
  anotherRef: Ref<HTMLButtonElement>;
}) {
  const { t } = useCreditApplicationTranslation();
  const { application } = sent;
  return (
    <SubmitOutcome
      outcome={{
        kind: 'sent',
        response: application.response,
        cpf: application.cpf,
        baseline: application.baseline,
      }}
      schemas={schemas}
      actions={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={sent.goToStatus}>
            {t('creditApplication.actions.goToStatus')}
          </Button>
          <Button variant="outlined" onClick={sent.startNew}>
            {t('creditApplication.actions.newApplication')}
          </Button>
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={sent.print}>
            {t('creditApplication.print.action')}
          </Button>
          <Button variant="text" ref={anotherRef} onClick={sent.askAnother}>
            {t('creditApplication.actions.anotherForCpf')}
          </Button>
        </Stack>
      }
    />
  );
}

/** "Another application for this CPF?": confirmed, a new draft from the values sent, at the review. */
export function AnotherApplicationDialog({
  another,
  anotherRef,
}: {
  another: WizardStepsState['another'];
  anotherRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useCreditApplicationTranslation();
  return (
    <ConfirmDialog
      open={another.open}
      title={t('creditApplication.another.title')}
      description={<DialogContentText>{t('creditApplication.another.body')}</DialogContentText>}
      confirmLabel={t('creditApplication.another.confirm')}
      busyLabel={t('creditApplication.another.confirm')}
      cancelLabel={t('creditApplication.another.cancel')}
      busy={false}
      onConfirm={another.confirm}
      onClose={another.cancel}
      // Cancelled: back to the button (confirmed, the review's heading takes focus on its own).
      returnFocusTo={() => anotherRef.current}
    />
  );
}
