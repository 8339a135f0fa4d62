export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { DialogProvider } from './DialogProvider';
export { useDialogs, type ConfirmOptions, type DialogsApi, type SuccessOptions } from './dialogsContext';
export { ErrorDialog, type ErrorDialogProps } from './ErrorDialog';
export { errorNotificationText, LumioNotification } from './LumioNotification';
export { DIALOG_WIDTH, LumioDialog, type LumioDialogProps } from './LumioDialog';
export { SUCCESS_DIALOG_HEIGHT, SuccessDialog, type SuccessDialogProps } from './SuccessDialog';
export { pickSuccessIconIndex, SUCCESS_ICONS } from './successIcons';
export { useErrorDialogOnError } from './useErrorDialogOnError';
export {
  httpStatusOf,
  useConfirmedDecision,
  type ConfirmedDecisionOptions,
  type ConfirmedDecisionState,
  type DecisionTexts,
} from './useConfirmedDecision';
