export { LumioFormToolbar } from './LumioFormToolbar';
export { zodValidator } from './zodValidator';
export { passesRules, ruleValidator } from './ruleValidator';
export { FormDialog, type FormDialogProps } from './FormDialog';
export { serverFieldErrors } from './serverFieldErrors';
