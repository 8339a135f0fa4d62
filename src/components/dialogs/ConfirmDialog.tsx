import { Button, CircularProgress, DialogContentText } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReactNode } from 'react';
import { LumioDialog } from './LumioDialog';

export interface ConfirmDialogProps {
  open: boolean;
  /** Already translated texts (or translation keys for the button labels). */
  title: string;
  content?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'error' for destructive actions (delete, reject). */
  confirmColor?: 'primary' | 'error';
  /** The action is running: buttons stay disabled and the dialog cannot be dismissed. */
  isPending?: boolean;
  /** E.g. the delete-company countdown keeps the button disabled. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirmation before deleting, accepting or rejecting (spec "Dialogs"). */
export function ConfirmDialog({
  open,
  title,
  content,
  confirmLabel = 'app.dialog.confirm',
  cancelLabel = 'app.dialog.cancel',
  confirmColor = 'primary',
  isPending = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const translate = useTranslate();
  return (
    <LumioDialog
      open={open}
      onClose={onClose}
      disableClose={isPending}
      title={title}
      data-testid="confirm-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={isPending}>
            {translate(cancelLabel, { _: cancelLabel })}
          </Button>
          <Button
            variant="contained"
            color={confirmColor}
            onClick={onConfirm}
            disabled={isPending || confirmDisabled}
            startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(confirmLabel, { _: confirmLabel })}
          </Button>
        </>
      }
    >
      {typeof content === 'string' ? <DialogContentText>{content}</DialogContentText> : content}
    </LumioDialog>
  );
}
