import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslate } from 'ra-core';
import { LumioDialog } from '../../components/dialogs';

/**
 * Dialog verifyPendingApproval (spec "Dialogs"): the personal data and the ID's data differ, so a
 * person checks them by hand and the user hears by mail. Not a success and no error: its own
 * dialog with a neutral icon.
 */
export function VerifyPendingApprovalDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <LumioDialog
      open={open}
      onClose={onClose}
      title={translate('app.verify.pending.dialogTitle')}
      data-testid="verify-pending-approval-dialog"
      actions={
        <Button variant="contained" onClick={onClose} autoFocus>
          {translate('app.dialog.ok')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <ManageSearchOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <DialogContentText>{translate('app.verify.pending.text')}</DialogContentText>
      </Box>
    </LumioDialog>
  );
}
