import DialogContentText from '@mui/material/DialogContentText';
import { TextInput, useTranslate } from 'react-admin';
import type { KeyboardEvent } from 'react';
import { FormDialog, zodValidator } from '../../components/form';
import {
  EID_REVIEW_REASON_MAX_LENGTH,
  eidReviewReasonSchema,
  eidReviewRejectionSchema,
  type EidReviewRejection,
} from '../../domain/eidReviewReason';

const T = 'app.eidReviews.reject';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validateReason = zodValidator(eidReviewReasonSchema);

/**
 * The reason is one line (no line breaks, src/domain/eidReviewReason.ts) but may be long, so the
 * field wraps it over several rows; Enter submits as in every dialog's last field instead of
 * starting a new line. It presses the dialog's submit button, which a disabled one refuses.
 */
function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
}

export interface RejectEidReviewDialogProps {
  /** The person's name and e-mail for the texts. */
  messageArgs: Record<string, string>;
  /** Resolves true when the dialog may close (decided, or the error dialog took over). */
  onReject: (rejection: EidReviewRejection) => Promise<boolean>;
  isPending: boolean;
  onClose: () => void;
}

/**
 * The rejection of an eID review (issue 25): the confirmation naming the person and the reason,
 * required and checked by the server's rule (src/domain/eidReviewReason.ts). The person reads the
 * reason in the mail and on the verify screen, so the helper text says so.
 */
export function RejectEidReviewDialog({ messageArgs, onReject, isPending, onClose }: RejectEidReviewDialogProps) {
  const translate = useTranslate();
  return (
    <FormDialog
      record={{ reason: '' }}
      title={`${T}.confirmTitle`}
      titleArgs={messageArgs}
      saveLabel={`${T}.button`}
      schema={eidReviewRejectionSchema}
      editing={false}
      onSave={onReject}
      isPending={isPending}
      onClose={onClose}
      data-testid="reject-eid-review-dialog"
    >
      <DialogContentText sx={{ mb: 2 }}>{translate(`${T}.confirmText`, messageArgs)}</DialogContentText>
      <TextInput
        source="reason"
        label={`${T}.reasonLabel`}
        helperText={`${T}.reasonHelp`}
        validate={validateReason}
        autoComplete="off"
        autoFocus
        fullWidth
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: EID_REVIEW_REASON_MAX_LENGTH, onKeyDown: submitOnEnter } }}
      />
    </FormDialog>
  );
}
