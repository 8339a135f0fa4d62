import DialogContentText from '@mui/material/DialogContentText';
import { useTranslate } from 'ra-core';
import { COMPANY_DELETE_COUNTDOWN_SECONDS } from '../../domain/companyDeletion';
import { ConfirmDialog } from '../dialogs';
import { useCountdown } from './useCountdown';

export interface DeleteCompanyDialogProps {
  /** The deletion is running: the buttons are disabled and the dialog stays open. */
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The dialog deleteCompany (spec "Dialogs", sections 4 and 9): what is deleted, and the delete
 * button stays disabled for a 30-second countdown whose remaining seconds are shown. Mount it
 * when it opens, so every opening counts down from 30 again.
 */
export function DeleteCompanyDialog({ pending, onConfirm, onClose }: DeleteCompanyDialogProps) {
  const translate = useTranslate();
  const secondsLeft = useCountdown(COMPANY_DELETE_COUNTDOWN_SECONDS);

  return (
    <ConfirmDialog
      open
      title={translate('app.deleteCompany.title')}
      content={
        <>
          <DialogContentText>{translate('app.deleteCompany.text')}</DialogContentText>
          <DialogContentText role="timer" sx={{ mt: 2, fontWeight: 600 }}>
            {secondsLeft > 0
              ? translate('app.deleteCompany.countdown', { smart_count: secondsLeft })
              : translate('app.deleteCompany.ready')}
          </DialogContentText>
        </>
      }
      confirmLabel="app.deleteCompany.confirm"
      confirmColor="error"
      confirmDisabled={secondsLeft > 0}
      isPending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
