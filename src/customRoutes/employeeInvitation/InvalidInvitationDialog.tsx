import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslate } from 'ra-core';
import { LumioDialog } from '../../components/dialogs/LumioDialog';

/**
 * The dialog invalidInvitation (spec sections 2 and 8): the link is unknown, expired, used or
 * replaced. Ok leads to the start page. Loaded only when needed.
 */
export default function InvalidInvitationDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  return (
    <LumioDialog
      open
      onClose={onClose}
      title={translate('app.employeeInvitation.invalid.title')}
      data-testid="invalid-invitation-dialog"
      actions={
        <Button variant="contained" onClick={onClose} autoFocus>
          {translate('app.employeeInvitation.ok')}
        </Button>
      }
    >
      <DialogContentText>{translate('app.employeeInvitation.invalid.text')}</DialogContentText>
    </LumioDialog>
  );
}
