import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** Spec section 9: every dialog of the family is 640 px wide (never wider than the screen). */
export const DIALOG_WIDTH = 640;

export interface LumioDialogProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Id of the heading inside the content that names a dialog without a title bar (success). */
  labelledBy?: string;
  children?: ReactNode;
  actions: ReactNode;
  /** Fixed height in px; only the success dialog has one (370). */
  height?: number;
  /** Backdrop click and Escape do nothing while a confirmed action is running. */
  disableClose?: boolean;
  'data-testid'?: string;
}

/** The frame all dialogs share: fixed width, title, content and a button row. */
export function LumioDialog({
  open,
  onClose,
  title,
  labelledBy,
  children,
  actions,
  height,
  disableClose = false,
  'data-testid': testId,
}: LumioDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={disableClose ? undefined : onClose}
      aria-labelledby={title ? titleId : labelledBy}
      data-testid={testId}
      slotProps={{
        paper: {
          sx: {
            width: DIALOG_WIDTH,
            maxWidth: 'calc(100% - 32px)',
            height,
            maxHeight: 'calc(100% - 32px)',
            display: 'flex',
            flexDirection: 'column',
          },
        },
      }}
    >
      {title ? <DialogTitle id={titleId}>{title}</DialogTitle> : null}
      <DialogContent>{children}</DialogContent>
      {/* On a phone the buttons wrap instead of pushing the dialog wider than the screen. */}
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', rowGap: 1 }}>{actions}</DialogActions>
    </Dialog>
  );
}
