import {
  Notification,
  NotificationContext,
  useNotificationContext,
  useTranslate,
  type NotificationPayload,
  type NotificationProps,
} from 'react-admin';
import { useEffect, useMemo, useState } from 'react';
import { serverMessageToGerman, TECHNICAL_ERROR_TEXT } from '../../domain/errorCatalogue';
import { ErrorDialog } from './ErrorDialog';

/** Marks "no translation" so an English fallback (`_`) never reaches the dialog. */
const UNTRANSLATED = '\u0000untranslated';

/**
 * Session messages are no failed calls: they stay snackbars (spec section 7: a 401 on /self shows
 * no error dialog).
 */
function isAuthMessage(message: string): boolean {
  return message.startsWith('ra.auth.') || message === 'ra.notification.logged_out';
}

function goesToErrorDialog(notification: NotificationPayload | undefined): notification is NotificationPayload {
  return (
    notification?.type === 'error' && !(typeof notification.message === 'string' && isAuthMessage(notification.message))
  );
}

/**
 * react-admin's own error notifications (failed list loads, failed default mutations) carry the
 * HttpError's message, i.e. the server message, or a translation key. Server messages go through
 * the catalogue, keys through the translations; anything else is the technical-error text.
 */
export function errorNotificationText(
  notification: NotificationPayload,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  const { message } = notification;
  if (typeof message !== 'string') return TECHNICAL_ERROR_TEXT;
  const fromCatalogue = serverMessageToGerman(message);
  if (fromCatalogue) return fromCatalogue;
  const args = notification.notificationOptions?.messageArgs ?? {};
  const translated = translate(message, { ...args, _: UNTRANSLATED });
  return translated === UNTRANSLATED ? TECHNICAL_ERROR_TEXT : translated;
}

/**
 * Install as `<Admin notification={LumioNotification}>`: error notifications open the error
 * dialog (spec: failed calls show the error dialog), all others stay react-admin snackbars.
 * It hides an error at the head of the queue from the inner <Notification>, so each notification
 * is taken exactly once. Self-contained: it does not need the DialogProvider.
 */
export function LumioNotification(props: NotificationProps) {
  const context = useNotificationContext();
  const translate = useTranslate();
  // The text outlives `open` so the dialog keeps it during its closing transition.
  const [dialog, setDialog] = useState({ open: false, text: '' });
  const head = context.notifications[0];
  const headIsError = goesToErrorDialog(head);

  useEffect(() => {
    if (!headIsError || dialog.open) return;
    const taken = context.takeNotification();
    if (taken) setDialog({ open: true, text: errorNotificationText(taken, translate) });
  }, [headIsError, dialog.open, context, translate]);

  const snackbarContext = useMemo(
    () => ({ ...context, notifications: headIsError ? [] : context.notifications }),
    [context, headIsError],
  );

  return (
    <>
      <NotificationContext.Provider value={snackbarContext}>
        <Notification {...props} />
      </NotificationContext.Provider>
      <ErrorDialog
        open={dialog.open}
        text={dialog.text}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
