import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useCallback, useId, type FormEvent, type ReactNode } from 'react';

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

/** What a person types or chooses in; MUI's selects are a div with the role combobox. */
const FIELD_SELECTOR = 'input:not([type="hidden"]), textarea, select, [role="combobox"]';

/**
 * The first field of the dialog's content, or null (a confirmation has none): no disabled or
 * read-only one, none taken out of the tab order (the native input behind an MUI select).
 */
export function firstField(content: HTMLElement): HTMLElement | null {
  for (const field of content.querySelectorAll<HTMLElement>(FIELD_SELECTOR)) {
    const usable =
      field.tabIndex >= 0 &&
      !field.matches(':disabled, [readonly], [aria-disabled="true"]') &&
      !field.closest('[aria-hidden="true"]');
    if (usable) return field;
  }
  return null;
}

// The buttons' own click handlers do the work; the form only makes Enter in a field press the
// dialog's submit button (the browser's implicit submission, which a disabled button refuses).
const keepOnPage = (event: FormEvent) => {
  event.preventDefault();
  // Through the portal, React would hand the event on to a react-admin <Form> around the dialog.
  event.stopPropagation();
};

/** The paper as a form; noValidate: the browser's own (English) messages never show, ours do. */
const FORM_PAPER = { component: 'form', noValidate: true, onSubmit: keepOnPage } as const;

/**
 * The frame all dialogs share: fixed width, title, content and a button row. WCAG 2.4.3 (issue
 * 25): the focus starts in the first field (MUI would focus the dialog's container), and the
 * paper is a form, so Enter in a field submits the dialog through its button of type submit.
 */
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
  // Called once when the content mounts, before MUI's focus trap looks for a focus inside it.
  const focusFirstField = useCallback((content: HTMLDivElement | null) => {
    if (content) firstField(content)?.focus();
  }, []);
  return (
    <Dialog
      open={open}
      onClose={disableClose ? undefined : onClose}
      aria-labelledby={title ? titleId : labelledBy}
      data-testid={testId}
      slotProps={{
        paper: {
          ...FORM_PAPER,
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
      <DialogContent ref={focusFirstField}>{children}</DialogContent>
      {/* On a phone the buttons wrap instead of pushing the dialog wider than the screen. */}
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', rowGap: 1 }}>{actions}</DialogActions>
    </Dialog>
  );
}
