import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useId, useState, type ReactNode } from 'react';
import { LumioDialog } from './LumioDialog';
import { pickSuccessIconIndex, SUCCESS_ICONS } from './successIcons';

/** Spec section 9: genericSuccess is 640 x 370 px. */
export const SUCCESS_DIALOG_HEIGHT = 370;

export interface SuccessDialogProps {
  open: boolean;
  onClose: () => void;
  /** Already translated; defaults to 'Das hat geklappt!'. */
  title?: string;
  text?: ReactNode;
  /** Which of the seven icons; chosen at random once per dialog when omitted. */
  iconIndex?: number;
}

export function SuccessDialog({ open, onClose, title, text, iconIndex }: SuccessDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [randomIndex] = useState(() => pickSuccessIconIndex());
  const Icon = SUCCESS_ICONS[iconIndex ?? randomIndex] ?? SUCCESS_ICONS[0];
  return (
    <LumioDialog
      open={open}
      onClose={onClose}
      height={SUCCESS_DIALOG_HEIGHT}
      labelledBy={titleId}
      data-testid="success-dialog"
      actions={
        <Button variant="contained" onClick={onClose} autoFocus>
          {translate('app.dialog.ok', { _: 'Ok' })}
        </Button>
      }
    >
      <Box
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          gap: 2,
        }}
      >
        <Icon color="success" sx={{ fontSize: 72 }} />
        <Typography id={titleId} variant="h5" component="h2">
          {title ?? translate('app.dialog.successTitle', { _: 'Das hat geklappt!' })}
        </Typography>
        {text ? <Typography color="text.secondary">{text}</Typography> : null}
      </Box>
    </LumioDialog>
  );
}
