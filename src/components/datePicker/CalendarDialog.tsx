import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'ra-core';
import { CalendarPanel, type CalendarPanelProps } from './CalendarPanel';

export interface CalendarDialogProps extends CalendarPanelProps {
  /** The field's label, for the dialog's accessible name. */
  label: string;
  onClose: () => void;
}

/**
 * The calendar in a modal dialog (also comfortable on phones). DatePickerField loads this module
 * only when the calendar is opened, so a form that is merely typed into never downloads it.
 * Escape closes it (MUI's Dialog); the field then takes the focus back itself.
 */
export default function CalendarDialog({ label, onClose, ...panel }: CalendarDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} disableRestoreFocus>
      <DialogTitle variant="subtitle1" sx={{ pb: 0 }}>
        {translate('app.datePicker.dialogLabel', { label })}
      </DialogTitle>
      <DialogContent sx={{ p: 1 }}>
        <CalendarPanel {...panel} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.datePicker.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
