import { Button, DialogContentText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ERROR_DIALOG_TITLE } from '../../domain/errorCatalogue';
import { LumioDialog } from './LumioDialog';

export interface ErrorDialogProps {
  open: boolean;
  /** German text, usually from the error catalogue (errorToGermanText). */
  text: string;
  onClose: () => void;
}

export function ErrorDialog({ open, text, onClose }: ErrorDialogProps) {
  const translate = useTranslate();
  return (
    <LumioDialog
      open={open}
      onClose={onClose}
      data-testid="error-dialog"
      title={translate('app.dialog.errorTitle', { _: ERROR_DIALOG_TITLE })}
      actions={
        <Button variant="contained" onClick={onClose} autoFocus>
          {translate('app.dialog.ok', { _: 'Ok' })}
        </Button>
      }
    >
      <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{text}</DialogContentText>
    </LumioDialog>
  );
}
